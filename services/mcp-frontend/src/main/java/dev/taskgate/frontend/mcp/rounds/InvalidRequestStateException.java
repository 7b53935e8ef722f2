package dev.taskgate.frontend.mcp.rounds;

/** A {@code requestState} that is malformed, forged, tampered with, expired or bound to another request. */
public class InvalidRequestStateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, safe to show the caller (never the expected values) */
    public InvalidRequestStateException(String message) {
        super(message);
    }
}
