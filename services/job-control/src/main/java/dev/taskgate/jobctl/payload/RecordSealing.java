package dev.taskgate.jobctl.payload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.inject.Singleton;

import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.payload.RecordPayloads;

/**
 * job-control's side of payloads on Kafka (docs/security.md "Payloads on Kafka"): every record written to the
 * outbox is sealed before it is stored (and every command reply before it is sent), so outbox rows and the records the relay publishes never hold a payload in
 * plaintext; every command and worker event is opened after its signature was verified and before it is parsed. A
 * record that cannot be opened is refused like a badly signed one, and counted per topic.
 */
@Singleton
public class RecordSealing {

    private final RecordPayloads payloads;
    private final Map<String, AtomicLong> refused = new ConcurrentHashMap<>();

    RecordSealing(PayloadCipher cipher) {
        this.payloads = new RecordPayloads(cipher);
    }

    /** The record's wire bytes with its payload members sealed. */
    public byte[] seal(byte[] record) {
        return payloads.seal(record);
    }

    /**
     * The record's wire bytes with its payload members opened.
     *
     * @param topic the full topic name it was read from, for the count of refusals
     * @throws PayloadUnreadableException when a payload member is not sealed or cannot be opened (counted)
     * @throws IllegalArgumentException   when the value is not a JSON object, or lacks the id its payload is bound
     *                                    to: a malformed record
     */
    public byte[] open(String topic, byte[] record) {
        try {
            return payloads.open(record);
        } catch (PayloadUnreadableException e) {
            refused.computeIfAbsent(topic, t -> new AtomicLong()).incrementAndGet();
            throw e;
        }
    }

    /** How many records of this topic were refused since the start because a payload could not be opened. */
    public long refused(String topic) {
        AtomicLong count = refused.get(topic);
        return count == null ? 0 : count.get();
    }
}
