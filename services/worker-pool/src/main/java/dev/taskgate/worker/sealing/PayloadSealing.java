package dev.taskgate.worker.sealing;

import java.security.SecureRandom;

import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.payload.RecordPayloads;
import dev.taskgate.payload.UpstreamCredentialSealing;
import dev.taskgate.worker.WorkerConfig;

/**
 * worker-pool's side of payloads on Kafka (docs/security.md "Payloads on Kafka"): the parent opens the payload
 * members of the work and control records it consumes (inputs, responses, checkpoints, journal entries) and seals
 * those of the worker events it publishes (results, input requests, checkpoints, plans, artifacts) before they are
 * signed. The key ring stays in this process: children get opened values over their pipes and never a key.
 * Built at startup, so a missing or malformed ring stops the service with a message naming
 * {@code taskgate.payload-keys}.
 */
@Singleton
@Startup
public class PayloadSealing {
    private final RecordPayloads payloads;
    private final UpstreamCredentialSealing upstreamCredentials;

    PayloadSealing(WorkerConfig config) {
        PayloadCipher cipher = new PayloadCipher(
                PayloadKeyRing.parse(PayloadKeyRing.CONFIG_KEY, config.payloadKeys()), new SecureRandom());
        this.payloads = new RecordPayloads(cipher);
        this.upstreamCredentials = new UpstreamCredentialSealing(cipher);
    }

    /**
     * Opens the credentials of upstreams registered through the operator API, which job-control hands over sealed
     * (docs/security.md "Upstream credentials"); the opened value goes to the child making the call and nowhere else.
     */
    public UpstreamCredentialSealing upstreamCredentials() {
        return upstreamCredentials;
    }

    /** The record's wire bytes with its payload members sealed. */
    public byte[] seal(byte[] record) {
        return payloads.seal(record);
    }

    /**
     * The record's wire bytes with its payload members opened.
     *
     * @throws PayloadUnreadableException when a payload member is not sealed or cannot be opened
     * @throws IllegalArgumentException   when the record is malformed
     */
    public byte[] open(byte[] record) {
        return payloads.open(record);
    }
}
