package dev.taskgate.jobctl;

import java.time.Duration;

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

    /** Transactional outbox relay. */
    Outbox outbox();

    /** Kafka topics the outbox writes to, each including the deployment's {@code taskgate.topic-prefix}. */
    Topics topics();

    /** Lifetime of executions. */
    interface Execution {
        /** How long after submission an execution that has not reached a terminal state fails. */
        @WithDefault("24h")
        Duration defaultDeadline();

        /** How long an execution and its payloads are kept after its deadline before they are purged. */
        @WithDefault("7d")
        Duration retentionAfterLifetime();
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
