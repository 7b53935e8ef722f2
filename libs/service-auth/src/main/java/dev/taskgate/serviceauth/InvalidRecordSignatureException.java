package dev.taskgate.serviceauth;

/**
 * A Kafka record whose origin is not proven ({@link RecordVerifier}); the message says why, for the consumer's log
 * only.
 */
public class InvalidRecordSignatureException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidRecordSignatureException(String reason) {
        super(reason);
    }
}
