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

    /** Worker liveness and the settlement of executions whose owner was lost (issue 6). */
    Liveness liveness();

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

    /**
     * Worker liveness: every instance reads every {@code WorkerHeartbeat} and records when it last heard from each
     * worker instance; a sweeper settles the executions of instances that went silent or left.
     */
    interface Liveness {
        /**
         * Whether this instance runs the owner-loss sweeper. Heartbeats are recorded either way. Only tests that
         * report {@code Started} for workers that never heartbeat switch it off.
         */
        @WithDefault("true")
        boolean enabled();

        /**
         * A worker instance not heard from (heartbeat or {@code Started}) for this long is lost and its executions
         * are settled. Keep it well above the worker's heartbeat interval (2 s by default): a lost heartbeat or a
         * short pause must not count as a death. Detection takes at most this plus one sweep interval.
         */
        @WithDefault("6s")
        Duration heartbeatTimeout();

        /** Pause between owner-loss sweeps (read by the scheduler from {@code jobctl.liveness.sweep-interval}). */
        @WithDefault("1s")
        Duration sweepInterval();

        /** Maximum executions one sweep pass locks and settles; a full batch is followed by another pass at once. */
        @WithDefault("100")
        @Min(1)
        @Max(1000)
        int batchSize();

        /** A worker instance not heard from for this long is forgotten (its row deleted). */
        @WithDefault("1d")
        Duration forgetAfter();
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
