package dev.taskgate.worker.child;

/** Thrown by an operation that observed a stop request; the message says what it had done by then. */
public final class OperationStoppedException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what the operation had done when it stopped */
    public OperationStoppedException(String message) {
        super(message);
    }
}
