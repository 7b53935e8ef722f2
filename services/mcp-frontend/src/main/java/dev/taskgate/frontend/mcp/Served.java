package dev.taskgate.frontend.mcp;

/**
 * How {@link McpServer#serve} answered a request: a result that is ready, or a synchronous {@code tools/call} still
 * waiting for its execution, which the transport drives (and closes) itself so that it can stream progress.
 *
 * @param result  the result, or {@code null}
 * @param pending the waiting call, or {@code null}
 */
public record Served(McpResult result, SyncCall pending) {
    /** A ready result. */
    public static Served done(McpResult result) {
        return new Served(result, null);
    }

    /** A call still running. */
    public static Served waiting(SyncCall pending) {
        return new Served(null, pending);
    }
}
