package dev.taskgate.jobctl.deadletter;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import dev.taskgate.contracts.MessageHeaders;

/**
 * One record read from a dead-letter topic, exactly as it is stored there: a replay publishes its key, value and
 * original headers unchanged, so the consumer verifies the original producer's signature.
 *
 * @param topic     the dead-letter topic
 * @param partition its partition
 * @param offset    its offset
 * @param timestamp its timestamp on the dead-letter topic
 * @param key       the key bytes, {@code null} for none
 * @param value     the value bytes, {@code null} for none; never shown to anyone
 * @param headers   every header in order, SmallRye's {@code dead-letter-*} ones included
 */
public record DeadLetterRecord(
        String topic, int partition, long offset, Instant timestamp, byte[] key, byte[] value, List<Header> headers) {

    public DeadLetterRecord {
        headers = List.copyOf(headers);
    }

    /** One Kafka header. */
    public record Header(String name, byte[] value) {}

    /** The last value of a header as UTF-8, {@code null} when absent. */
    public String header(String name) {
        for (int i = headers.size() - 1; i >= 0; i--) {
            Header h = headers.get(i);
            if (h.name().equals(name)) {
                return h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** The headers the record had before it was dead-lettered: what a replay publishes. */
    public List<Header> originalHeaders() {
        return headers.stream()
                .filter(h -> !h.name().startsWith(MessageHeaders.DLQ_PREFIX))
                .toList();
    }

    /** The key as text, {@code null} for none. */
    public String keyText() {
        return key == null ? null : new String(key, StandardCharsets.UTF_8);
    }

    /** {@code <topic>/<partition>/<offset>}: how the audit log and cursors name the record. */
    public String position() {
        return DeadLetterPosition.of(topic, partition, offset).text();
    }
}
