package dev.taskgate.jobctl.auth;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;

import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.serviceauth.InvalidRecordSignatureException;
import dev.taskgate.serviceauth.RecordVerifier;
import dev.taskgate.serviceauth.ServiceKeys;

/**
 * Proof of origin of the Kafka records job-control applies (docs/security.md "Kafka"): a command must be signed by
 * mcp-frontend, a worker event or heartbeat by worker-pool, with a key of {@code jobctl.internal-auth.trusted-keys}
 * (the keys of caller assertions), over the very topic, key and value it was read with. The ACLs already decide who
 * may write a topic; this makes job-control not trust a record as sent. Refusals are counted per topic.
 */
@ApplicationScoped
public class RecordAuthentication {
    /** The only issuer of commands. */
    public static final String FRONTEND = "mcp-frontend";
    /** The only issuer of worker events and heartbeats. */
    public static final String WORKER_POOL = "worker-pool";

    private final RecordVerifier verifier;
    private final Map<String, AtomicLong> refused = new ConcurrentHashMap<>();

    RecordAuthentication(JobControlConfig config) {
        this.verifier =
                new RecordVerifier(ServiceKeys.trustedKeys(config.internalAuth().trustedKeys()));
    }

    /**
     * Why a record must not be applied, or empty when its signature holds. A refusal is counted.
     *
     * @param header the record's signature header value, {@code null} when absent
     * @param issuer the one service whose records the topic takes ({@link #FRONTEND}, {@link #WORKER_POOL})
     * @param topic  the full topic name the record was read from
     * @param key    the record key, {@code null} for none
     * @param value  the value bytes, {@code null} for none
     */
    public Optional<InvalidRecordSignatureException> refusal(
            String header, String issuer, String topic, String key, byte[] value) {
        try {
            verifier.verify(header, issuer, topic, key, value);
            return Optional.empty();
        } catch (InvalidRecordSignatureException e) {
            refused.computeIfAbsent(topic, t -> new AtomicLong()).incrementAndGet();
            return Optional.of(e);
        }
    }

    /** How many records of this topic were refused since the start. */
    public long refused(String topic) {
        AtomicLong count = refused.get(topic);
        return count == null ? 0 : count.get();
    }
}
