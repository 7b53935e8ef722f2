package dev.taskgate.contracts.event;

import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The severities of MCP log messages ({@code LoggingLevel}, the syslog levels of RFC 5424), least severe first:
 * a client that sets a level receives messages of that level and above.
 */
public enum LogLevel {
    DEBUG("debug"),
    INFO("info"),
    NOTICE("notice"),
    WARNING("warning"),
    ERROR("error"),
    CRITICAL("critical"),
    ALERT("alert"),
    EMERGENCY("emergency");

    private final String wireName;

    LogLevel(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire and in the database. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Whether a message of this level passes a minimum of {@code minimum}. */
    public boolean isAtLeast(LogLevel minimum) {
        return compareTo(minimum) >= 0;
    }

    /** The level with this wire name, if there is one. */
    public static Optional<LogLevel> of(String name) {
        for (LogLevel level : values()) {
            if (level.wireName.equals(name)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }
}
