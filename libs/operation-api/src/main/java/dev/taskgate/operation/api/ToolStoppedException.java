package dev.taskgate.operation.api;

/** Thrown by a {@link ToolOperation} that stopped at a safe point because a stop was requested. */
public final class ToolStoppedException extends Exception {
    private static final long serialVersionUID = 1L;

    public ToolStoppedException(String message) {
        super(message);
    }
}
