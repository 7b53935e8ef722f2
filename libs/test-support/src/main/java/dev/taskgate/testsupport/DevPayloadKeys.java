package dev.taskgate.testsupport;

import java.security.SecureRandom;
import java.util.List;

import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.RecordPayloads;

/**
 * The development payload key ring of the services' {@code %test} profiles ({@code taskgate.payload-keys}, the same
 * in mcp-frontend, job-control and worker-pool; public and insecure: tests only). Tests seal the payload members of
 * the records a service would produce and open the ones it produced ({@link #recordPayloads}, used by
 * {@link KafkaTestClient}).
 */
public final class DevPayloadKeys {
    /** The primary (sealing) development key. */
    public static final String PRIMARY = "test-insecure-2:n4qt8tvzlxnWLRcvcL4dbzUPMwzAu6jHWcAL1Od7GJg=";
    /** The older development key, still opening what it sealed. */
    public static final String RETIRED = "test-insecure-1:983KQbHZz+kDTumuGdV/QApkK3FhQd3fVeKLkunV1rE=";
    /** The ring as the profiles configure it: {@link #PRIMARY} first. */
    public static final List<String> RING = List.of(PRIMARY, RETIRED);

    private static final RecordPayloads DEV = recordPayloads(RING);

    private DevPayloadKeys() {}

    /** A record's wire bytes, as a component test's service produced them, with the payload members opened. */
    public static byte[] opened(byte[] record) {
        return DEV.open(record);
    }

    /** Sealing and opening of record payloads with {@code ring} ({@code <key id>:<base64 key>} entries). */
    public static RecordPayloads recordPayloads(List<String> ring) {
        return new RecordPayloads(
                new PayloadCipher(PayloadKeyRing.parse(PayloadKeyRing.CONFIG_KEY, ring), new SecureRandom()));
    }

    /** Sealing and opening of record payloads with the development ring. */
    public static RecordPayloads recordPayloads() {
        return DEV;
    }
}
