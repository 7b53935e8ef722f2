package dev.taskgate.contracts;

/** Kafka header names; the only place these strings exist. */
public final class MessageHeaders {
    /** Repeats the record's {@code messageId} so a record can be identified without deserialising it. */
    public static final String MESSAGE_ID = "message-id";
    /** Repeats the record's {@code type}. */
    public static final String MESSAGE_TYPE = "message-type";
    /** Why a record was sent to a dead-letter topic. */
    public static final String DLQ_REASON = "dead-letter-reason";

    private MessageHeaders() {}
}
