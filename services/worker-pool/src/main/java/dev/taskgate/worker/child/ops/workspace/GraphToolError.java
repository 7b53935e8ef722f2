package dev.taskgate.worker.child.ops.workspace;

/** A caller mistake the graph operations answer with a tool error ({@code isError: true}) that says what to do. */
final class GraphToolError extends Exception {
    private static final long serialVersionUID = 1L;

    GraphToolError(String message) {
        super(message);
    }
}
