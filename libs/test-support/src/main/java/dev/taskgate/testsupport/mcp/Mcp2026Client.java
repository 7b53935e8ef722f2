package dev.taskgate.testsupport.mcp;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stateless MCP 2026-07-28 requests of one {@link McpTestClient}: each one a {@link Mcp2026Request} as a
 * well-behaved client sends it, with hooks to break any part of it.
 */
public final class Mcp2026Client {
    /** The protocol version. */
    public static final String VERSION = "2026-07-28";
    /** The tasks extension id. */
    public static final String TASKS = "io.modelcontextprotocol/tasks";

    private static final AtomicLong IDS = new AtomicLong(1_000_000);

    private final McpTestClient client;

    Mcp2026Client(McpTestClient client) {
        this.client = client;
    }

    /** The client the requests go through. */
    public McpTestClient client() {
        return client;
    }

    /** A request with this id (a String or a Number; {@code null}: a notification). */
    public Mcp2026Request request(Object id, String method) {
        return new Mcp2026Request(client, id, method);
    }

    /** A request with a fresh numeric id. */
    public Mcp2026Request request(String method) {
        return request(IDS.incrementAndGet(), method);
    }

    /** A {@code tools/call} of {@code tool} with these arguments. */
    public Mcp2026Request toolCall(Object id, String tool, Map<String, ?> arguments) {
        return request(id, "tools/call").param("name", tool).param("arguments", arguments);
    }

    /** A {@code tools/call} with a fresh numeric id. */
    public Mcp2026Request toolCall(String tool, Map<String, ?> arguments) {
        return toolCall(IDS.incrementAndGet(), tool, arguments);
    }

    /** A {@code tasks/*} request for this task, declaring the tasks extension. */
    public Mcp2026Request task(Object id, String method, String taskId) {
        return request(id, method).param("taskId", taskId).withTasks();
    }

    /** A {@code tasks/*} request with a fresh numeric id. */
    public Mcp2026Request task(String method, String taskId) {
        return task(IDS.incrementAndGet(), method, taskId);
    }
}
