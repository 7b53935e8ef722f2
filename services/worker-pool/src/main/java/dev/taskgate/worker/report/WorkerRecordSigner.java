package dev.taskgate.worker.report;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.taskgate.contracts.Topics;
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.serviceauth.RecordSigner;
import dev.taskgate.serviceauth.ServiceKeys;
import dev.taskgate.worker.WorkerConfig;

/**
 * Signs worker-pool's worker events and heartbeats with its own key ({@link RecordSignature}, docs/security.md
 * "Kafka"): job-control applies only reports a worker-pool signed. The key stays in this process; children never
 * receive it (their environment is allow-listed), so a child cannot report on its own.
 */
@ApplicationScoped
public class WorkerRecordSigner {
    /** The issuer job-control expects on worker events and heartbeats. */
    static final String ISSUER = "worker-pool";

    private final RecordSigner signer;
    private final String eventsTopic;
    private final String heartbeatsTopic;

    @Inject
    WorkerRecordSigner(WorkerConfig config) {
        this(config.serviceSigningKey(), config.topicPrefix().orElse(""));
    }

    /** @param signingKey worker-pool's signing key, {@code <keyId>:<base64 key>} */
    WorkerRecordSigner(String signingKey, String topicPrefix) {
        this.signer = new RecordSigner(ISSUER, ServiceKeys.signingKey(signingKey));
        this.eventsTopic = topicPrefix + Topics.WORKER_EVENTS;
        this.heartbeatsTopic = topicPrefix + Topics.WORKER_HEARTBEATS;
    }

    /** The full name of the worker-events topic: the record is sent there explicitly, as signed. */
    String eventsTopic() {
        return eventsTopic;
    }

    /** The full name of the heartbeats topic. */
    String heartbeatsTopic() {
        return heartbeatsTopic;
    }

    /** The {@value RecordSignature#HEADER} value of a worker event. */
    byte[] signEvent(String key, byte[] value) {
        return ascii(signer.sign(eventsTopic, key, value));
    }

    /** The {@value RecordSignature#HEADER} value of a heartbeat. */
    byte[] signHeartbeat(String key, byte[] value) {
        return ascii(signer.sign(heartbeatsTopic, key, value));
    }

    private static byte[] ascii(String header) {
        return header.getBytes(StandardCharsets.US_ASCII);
    }
}
