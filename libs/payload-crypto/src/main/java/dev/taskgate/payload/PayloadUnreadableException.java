package dev.taskgate.payload;

import java.util.UUID;

/**
 * A sealed payload that cannot be opened: sealed under a key id that is not configured, in an unknown format, not a
 * sealed value at all, or altered (including moved to another execution or role). It always fails closed: callers
 * get an error, never the sealed bytes. The message names the subject, the role and the key id, never a payload.
 */
public class PayloadUnreadableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final UUID executionId;
    private final String keyId;

    /**
     * @param subject the id the value is bound to (an execution id; for a submission, the command's message id)
     * @param role    what the value is, for the message
     * @param keyId   the key id named by the value, {@code null} when it cannot be read
     * @param reason  why, without payload
     * @param cause   the underlying failure, or {@code null}
     */
    public PayloadUnreadableException(UUID subject, String role, String keyId, String reason, Throwable cause) {
        super("Cannot decrypt " + role + " of " + subject + ": " + reason, cause);
        this.executionId = subject;
        this.keyId = keyId;
    }

    /** The id the value is bound to: the execution whose payload failed (a submission's message id). */
    public UUID executionId() {
        return executionId;
    }

    /** The key id named in the value, or {@code null} when the header itself is unreadable. */
    public String keyId() {
        return keyId;
    }
}
