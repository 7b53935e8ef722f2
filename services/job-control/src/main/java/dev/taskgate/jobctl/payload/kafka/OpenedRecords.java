package dev.taskgate.jobctl.payload.kafka;

import java.nio.charset.StandardCharsets;

import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;

import dev.taskgate.jobctl.payload.RecordSealing;
import dev.taskgate.payload.PayloadUnreadableException;

/**
 * Opens the payload members of one consumed record whose signature was verified, before it is parsed, and logs a
 * refusal once with topic, partition, offset, execution, key id and reason — never the value. The consumer then
 * dead-letters the record at once, as it does a badly signed one; it is never applied.
 */
public final class OpenedRecords {
    private static final Logger LOG = Logger.getLogger(OpenedRecords.class);

    private OpenedRecords() {}

    /**
     * The record's value with its payload members opened.
     *
     * @throws PayloadUnreadableException when a payload member is not sealed or cannot be opened (logged, counted)
     * @throws IllegalArgumentException   when the record has no value, or it is malformed
     */
    public static byte[] open(RecordSealing sealing, Message<String> record) {
        if (record.getPayload() == null) {
            throw new IllegalArgumentException("record without a value");
        }
        @SuppressWarnings("unchecked") // the channels read String keys and values (application.properties)
        IncomingKafkaRecordMetadata<String, String> metadata =
                record.getMetadata(IncomingKafkaRecordMetadata.class).orElse(null);
        String topic = metadata == null ? "?" : metadata.getTopic();
        try {
            return sealing.open(topic, record.getPayload().getBytes(StandardCharsets.UTF_8));
        } catch (PayloadUnreadableException e) {
            LOG.warnf(
                    "Record refused, payload not opened, not applied [topic=%s partition=%d offset=%d executionId=%s "
                            + "keyId=%s reason=%s refusedOnTopic=%d]",
                    topic,
                    metadata == null ? -1 : metadata.getPartition(),
                    metadata == null ? -1 : metadata.getOffset(),
                    e.executionId(),
                    e.keyId(),
                    e.getMessage(),
                    sealing.refused(topic));
            throw e;
        }
    }
}
