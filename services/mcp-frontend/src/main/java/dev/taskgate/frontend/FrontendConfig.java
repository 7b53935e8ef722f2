package dev.taskgate.frontend;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Every setting mcp-frontend reads. The root is {@code taskgate} because the frontend shares the
 * deployment-wide keys of {@code docs/design.md} ({@code taskgate.kafka.bootstrap}, {@code taskgate.topic-prefix},
 * {@code taskgate.instance-id}, {@code taskgate.handles.key}, {@code taskgate.job-control.url}); its own settings
 * live under {@code taskgate.frontend}. Each key can also be set as an environment variable
 * ({@code TASKGATE_FRONTEND_COMMAND_TIMEOUT}, …).
 */
@ConfigMapping(prefix = "taskgate")
public interface FrontendConfig {

    /**
     * This process's identity among the frontend replicas: the {@code replyTo} of its commands and the suffix
     * of its reply consumer group. Default: a random id per process start.
     */
    Optional<String> instanceId();

    /** Prepended to every Kafka topic name (component tests use {@code fe-test.}). Default: none. */
    Optional<String> topicPrefix();

    /** Kafka connection. */
    Kafka kafka();

    /** Execution handle signing. */
    Handles handles();

    /** job-control's internal query API. */
    JobControl jobControl();

    /** Settings of the frontend itself. */
    Frontend frontend();

    /** Kafka connection. */
    interface Kafka {
        /** Bootstrap servers ({@code host:port,…}). */
        @WithDefault("127.0.0.1:19092")
        String bootstrap();
    }

    /** Execution handle signing. */
    interface Handles {
        /**
         * HMAC-SHA256 key for execution handles, base64, at least 32 bytes. Required: the service refuses to
         * start without it. Must be identical on every replica, or handles minted by one are rejected by another.
         */
        String key();
    }

    /** job-control's internal query API. */
    interface JobControl {
        /** Base URL of job-control's HTTP server. */
        @WithDefault("http://127.0.0.1:8081")
        URI url();

        /** Connect timeout for queries; an unreachable job-control becomes a 503. */
        @WithDefault("2s")
        Duration connectTimeout();

        /** Read timeout for queries. */
        @WithDefault("5s")
        Duration readTimeout();
    }

    /** Settings of the frontend itself. */
    interface Frontend {
        /**
         * How long a request waits for job-control's reply to a command (including the broker's
         * acknowledgement) before it is answered 503 {@code unavailable}.
         */
        @WithDefault("10s")
        Duration commandTimeout();

        /** Suggested polling interval, reported to callers as {@code poll_interval_ms} and in {@code Retry-After}. */
        @WithDefault("500ms")
        Duration pollInterval();

        /**
         * How long start-up waits for the command-reply consumer to be assigned and positioned. Readiness stays
         * DOWN until it is, whatever this value.
         */
        @WithDefault("30s")
        Duration repliesReadyTimeout();
    }
}
