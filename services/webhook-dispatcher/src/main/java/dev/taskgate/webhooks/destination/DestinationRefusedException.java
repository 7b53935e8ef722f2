package dev.taskgate.webhooks.destination;

/** A delivery destination that the SSRF guard refuses, or whose host name does not resolve. */
public final class DestinationRefusedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean retryable;

    DestinationRefusedException(String message, boolean retryable) {
        super(message, null, false, false);
        this.retryable = retryable;
    }

    /** Whether a later attempt may succeed (a name that does not resolve now), unlike a forbidden address. */
    public boolean isRetryable() {
        return retryable;
    }
}
