package dev.taskgate.worker.report;

import java.util.Optional;

import org.apache.kafka.common.errors.RecordTooLargeException;

/**
 * Whether a publication failed because the record is larger than the producer or the broker takes: unlike a broker
 * that is away, the same record will never be taken, so sending it again only holds its run (docs/kafka.md "Record
 * sizes"). Kept here so that the execution decisions need not know Kafka's exception types.
 */
public final class RecordSize {
    private RecordSize() {}

    /** The refusal's text when {@code failure}, or one of its causes, is a refusal for the record's size. */
    public static Optional<String> refusal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RecordTooLargeException) {
                return Optional.of(String.valueOf(t.getMessage()));
            }
        }
        return Optional.empty();
    }
}
