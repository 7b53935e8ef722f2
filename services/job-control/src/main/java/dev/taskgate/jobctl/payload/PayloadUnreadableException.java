package dev.taskgate.jobctl.payload;

import java.util.UUID;

/**
 * A stored payload that cannot be opened: sealed under a key id that is no longer configured, in an unknown format,
 * or altered. It always fails closed: callers get an internal error, never the stored bytes.
 */
public class PayloadUnreadableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final UUID executionId;
    private final String keyId;

    PayloadUnreadableException(UUID executionId, PayloadKind kind, String keyId, String reason, Throwable cause) {
        super(
                "Stored " + kind.name().toLowerCase(java.util.Locale.ROOT) + " of execution " + executionId
                        + " cannot be decrypted: " + reason,
                cause);
        this.executionId = executionId;
        this.keyId = keyId;
    }

    /** The execution whose payload failed. */
    public UUID executionId() {
        return executionId;
    }

    /** The key id named in the stored value, or {@code null} when the header itself is unreadable. */
    public String keyId() {
        return keyId;
    }
}
