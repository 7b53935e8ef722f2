package dev.taskgate.jobctl.outbox;

import java.util.Objects;
import java.util.UUID;

import dev.taskgate.contracts.Wire;

/**
 * One record to publish through the outbox.
 *
 * @param topic     the full topic name (with the deployment prefix)
 * @param key       the Kafka key
 * @param messageId the record's {@code messageId}, repeated in the {@code message-id} header
 * @param type      the record's {@code type}, repeated in the {@code message-type} header
 * @param payload   the record's wire bytes
 */
public record OutboxMessage(String topic, String key, UUID messageId, String type, byte[] payload) {

    public OutboxMessage {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(payload, "payload");
    }

    /** A contract record serialised with {@link Wire}. */
    public static OutboxMessage of(String topic, String key, UUID messageId, String type, Object record) {
        return new OutboxMessage(topic, key, messageId, type, Wire.toBytes(record));
    }
}
