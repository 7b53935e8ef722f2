package dev.taskgate.frontend.mcp;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.event.LogMessage;

/**
 * An operation's log message as MCP {@code notifications/message} (MCP logging: {@code level}, {@code logger},
 * {@code data}) for a caller that asked for messages at or above a level.
 */
public final class LogNotifications {
    private LogNotifications() {}

    /** Whether a caller who asked for {@code minimum} ({@code null}: nothing) receives {@code log}. */
    public static boolean wanted(LogMessage log, LogLevel minimum) {
        return minimum != null && log.level().isAtLeast(minimum);
    }

    /** The notification; {@code meta} (e.g. the related task) becomes its {@code params._meta} when given. */
    public static ObjectNode of(LogMessage log, ObjectNode meta) {
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", "notifications/message");
        ObjectNode params = message.putObject("params").put("level", log.level().wireName());
        if (log.logger() != null) {
            params.put("logger", log.logger());
        }
        params.set("data", log.data());
        if (meta != null) {
            params.set("_meta", meta.deepCopy());
        }
        return message;
    }
}
