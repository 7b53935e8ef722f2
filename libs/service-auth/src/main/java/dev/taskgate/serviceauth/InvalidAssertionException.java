package dev.taskgate.serviceauth;

/** An assertion that must not be trusted; the message says why, for the receiver's log (never echoed to callers). */
public class InvalidAssertionException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidAssertionException(String reason) {
        super(reason);
    }
}
