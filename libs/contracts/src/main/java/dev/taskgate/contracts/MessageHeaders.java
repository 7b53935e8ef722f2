package dev.taskgate.contracts;

/** Kafka header names; the only place these strings exist. */
public final class MessageHeaders {
    /** Repeats the record's {@code messageId} so a record can be identified without deserialising it. */
    public static final String MESSAGE_ID = "message-id";
    /** Repeats the record's {@code type}. */
    public static final String MESSAGE_TYPE = "message-type";
    /** Why a record was sent to a dead-letter topic. */
    public static final String DLQ_REASON = "dead-letter-reason";
    /** The cause of the failure that dead-lettered a record, when there is one. */
    public static final String DLQ_CAUSE = "dead-letter-cause";
    /** The topic a dead-lettered record was consumed from. */
    public static final String DLQ_TOPIC = "dead-letter-topic";
    /** The partition a dead-lettered record was consumed from. */
    public static final String DLQ_PARTITION = "dead-letter-partition";
    /** The offset a dead-lettered record had where it was consumed. */
    public static final String DLQ_OFFSET = "dead-letter-offset";
    /** What every header SmallRye adds to a dead-lettered record starts with; a replay leaves them all out. */
    public static final String DLQ_PREFIX = "dead-letter-";

    private MessageHeaders() {}
}
