package dev.taskgate.jobctl;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings for the job-control service. */
@ConfigMapping(prefix = "jobctl")
public interface JobControlConfig {

    /**
     * This process's identity, unique per running instance (defaults to {@code taskgate.instance-id}, or a random
     * id per start). Used in Kafka client ids so that two instances never share one.
     */
    String instanceId();

    /**
     * Whether the conformance tool pack ({@code schemas/operations/conformance-pack.json}) is part of the catalog, so
     * that submissions of its fixture tools are accepted. Set through {@code taskgate.conformance.enabled}
     * [{@code TASKGATE_CONFORMANCE_ENABLED}] on every service of the deployment alike; default off. Only for
     * conformance runs.
     */
    @WithDefault("false")
    boolean conformancePack();

    /** Lifetime of executions. */
    Execution execution();

    /**
     * Per-operation deadlines, keyed by operation name (e.g. {@code jobctl.operation-deadlines."demo.sleep"=PT1H}).
     * Each must be positive and at most {@code jobctl.execution.default-deadline}: a tool may only shorten it.
     * Unknown operation names stop the service at startup.
     */
    Map<String, Duration> operationDeadlines();

    /** The deadline and retention sweepers. */
    Sweeper sweeper();

    /**
     * The payload key ring: comma-separated {@code <key id>:<base64 of 32 bytes>} entries (env
     * {@code JOBCTL_PAYLOAD_KEYS}). The first entry encrypts new inputs and results (AES-256-GCM); every entry
     * decrypts values written under its id. No default outside the dev and test profiles: the service refuses to
     * start without it.
     */
    List<String> payloadKeys();

    /** Transactional outbox relay. */
    Outbox outbox();

    /** Kafka topics the outbox writes to, each including the deployment's {@code taskgate.topic-prefix}. */
    Topics topics();

    /** Lifetime of executions. */
    interface Execution {
        /**
         * How long after submission an execution that has not reached a terminal state fails, for operations
         * without an entry in {@code jobctl.operation-deadlines}. Positive and at most 24 hours.
         */
        @WithDefault("24h")
        Duration defaultDeadline();

        /**
         * How long an execution and its payloads stay readable after its lifetime ends: after the time it reached
         * a terminal state (or its deadline, at creation, as the latest possible end). Then they are purged.
         */
        @WithDefault("7d")
        Duration retentionAfterLifetime();
    }

    /** The deadline and retention sweepers; each pass is one transaction over a bounded batch. */
    interface Sweeper {
        /** Pause between sweeps (read by the scheduler from {@code jobctl.sweeper.interval}). */
        Duration interval();

        /** Maximum executions one pass locks and changes; a full batch is followed by another pass at once. */
        @WithDefault("100")
        @Min(1)
        @Max(1000)
        int batchSize();
    }

    /** Transactional outbox relay. */
    interface Outbox {
        /** Maximum number of outbox rows one relay pass locks, publishes and deletes. */
        @WithDefault("200")
        @Min(1)
        @Max(1000)
        int batchSize();

        /** Fallback polling interval; the relay is also woken right after every commit that wrote rows. */
        @WithDefault("250ms")
        Duration pollInterval();
    }

    /** Kafka topics the outbox writes to. */
    interface Topics {
        /** {@code RunOperation} records for worker-pool. */
        String work();

        /** {@code StopRequested} and other control signals for worker-pool. */
        String control();

        /** {@code ExecutionChanged} records for frontends and webhook-dispatcher. */
        String lifecycle();
    }
}
