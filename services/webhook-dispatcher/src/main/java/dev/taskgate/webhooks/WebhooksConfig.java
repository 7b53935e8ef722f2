package dev.taskgate.webhooks;

import java.time.Duration;
import java.util.List;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Every setting webhook-dispatcher reads, under {@code taskgate.webhooks}. Environment variables follow the usual
 * mapping ({@code taskgate.webhooks.secret-key} → {@code TASKGATE_WEBHOOKS_SECRET_KEY}). The shared deployment
 * keys of {@code docs/configuration.md} ({@code taskgate.kafka.bootstrap}, {@code taskgate.topic-prefix},
 * {@code taskgate.instance-id}, {@code taskgate.pg.*}) are fed in by {@code application.properties}.
 */
@ConfigMapping(prefix = "taskgate.webhooks")
public interface WebhooksConfig {

    /** This process's identity among the dispatcher replicas (Kafka client ids). Default: random per start. */
    String instanceId();

    /** The lifecycle topic, including {@code taskgate.topic-prefix}. */
    String lifecycleTopic();

    /** The consumer group the replicas read the lifecycle topic in, including {@code taskgate.topic-prefix}. */
    String lifecycleGroup();

    /**
     * How long the lifecycle reader waits after a fetch that brought records before it fetches again, so that under
     * load one fetch brings what arrived meanwhile: a delivery starts up to this much later. A record that comes
     * while the reader waits on the broker is read at once ({@code signal.kafka.BatchingTopicReader}).
     */
    @WithDefault("200ms")
    Duration lifecycleBatchWindow();

    /**
     * AES-256-GCM key that encrypts subscription secrets at rest: base64 of exactly 32 bytes. Required: the
     * service refuses to start without it. Identical on every replica; changing it makes stored secrets unreadable.
     */
    String secretKey();

    /**
     * HMAC-SHA256 key of public execution handles ({@code tgx_…}), base64 of at least 32 bytes. Set through the
     * shared {@code taskgate.handles.key} (env {@code TASKGATE_HANDLES_KEY}) with the same value as the frontends,
     * so that {@code data.execution_id} equals the handle the caller got. Required: no start without it.
     */
    String handlesKey();

    /**
     * Allow destinations that resolve to private, loopback, link-local, multicast or unspecified addresses.
     * Off in production (SSRF guard); the tests and the local stack turn it on for their loopback receivers.
     */
    @WithDefault("false")
    boolean allowPrivateDestinations();

    /** Allow plain {@code http://} subscription URLs (otherwise only {@code https://}). */
    @WithDefault("false")
    boolean allowHttpDestinations();

    /** Whole-attempt timeout of one delivery POST (connect, send, response status). */
    @WithDefault("15s")
    Duration requestTimeout();

    /**
     * How long a claimed delivery stays invisible to other claims. Must exceed {@link #requestTimeout()}: an
     * instance that dies mid-attempt releases its claims when this runs out.
     */
    @WithDefault("60s")
    Duration claimLease();

    /**
     * Fallback poll of due deliveries: new signals wake the dispatcher at once, so this only bounds how late a due
     * retry (5 s and more apart, with jitter) or a delivery whose lease ran out is taken.
     */
    @WithDefault("1s")
    Duration pollInterval();

    /**
     * How long the active subscribers of a project, once looked up, answer for its next lifecycle records without a
     * lookup in PostgreSQL. A change of a subscription through any replica empties every replica's cache as it
     * commits (PostgreSQL LISTEN/NOTIFY on a connection of the pool), so this only bounds a change whose notice got
     * lost unnoticed. {@code 0} turns the cache off: one lookup per signalled record, and no listening connection —
     * the setting for a connection pooler in transaction mode, which does not carry notifications.
     */
    @WithDefault("30s")
    Duration subscriberCacheTtl();

    /** Most deliveries in flight at once in this process. */
    @WithDefault("64")
    @Min(1)
    @Max(1024)
    int maxInFlight();

    /** How long the secret replaced by a rotation keeps signing next to the new one. */
    @WithDefault("24h")
    Duration secretRotationWindow();

    /**
     * Consecutive failed attempts (across deliveries; reset by any success) after which a subscription is
     * disabled, with a reason shown by the API. A {@code 410 Gone} answer disables it at once.
     */
    @WithDefault("40")
    @Min(1)
    int disableAfterConsecutiveFailures();

    /**
     * How long a finished delivery (delivered, failed or abandoned) and its attempts stay readable and replayable
     * after it finished; then the delivery sweeper deletes them. Pending deliveries are never deleted. Must be
     * positive, otherwise the service refuses to start.
     */
    @WithDefault("30d")
    Duration deliveryRetention();

    /** Pause between two runs of the delivery sweeper. */
    @WithDefault("1m")
    Duration sweepInterval();

    /** Most deliveries one pass of the delivery sweeper deletes; a full pass is followed by another at once. */
    @WithDefault("500")
    @Min(1)
    @Max(10000)
    int sweepBatchSize();

    /** Retry policy of deliveries. */
    Retry retry();

    /** Limits of range replays. */
    Replay replay();

    /** Limits of range replays ({@code POST …/{id}/replay}). */
    interface Replay {
        /** Longest accepted range ({@code to - from}); longer ones are refused with 422, nothing queued. */
        @WithDefault("7d")
        Duration maxRange();

        /** Most deliveries one range replay may queue; a range holding more is refused with 422, nothing queued. */
        @WithDefault("1000")
        @Min(1)
        @Max(100000)
        int maxDeliveries();
    }

    /** Retry policy of deliveries. */
    interface Retry {
        /**
         * Delay before each attempt, the first usually {@code 0s} (Standard Webhooks example schedule). Its length
         * is the number of attempts; after the last one fails the delivery is {@code failed}.
         */
        @WithDefault("0s,5s,5m,30m,2h,5h,10h,10h")
        @NotEmpty
        List<Duration> schedule();

        /** Random extra delay, as a fraction of each scheduled delay (0.2 = up to 20% later). */
        @WithDefault("0.2")
        @DecimalMin("0")
        @DecimalMax("1")
        double jitter();

        /** Retry 4xx answers other than 408 and 429 too (by default they end the delivery). */
        @WithDefault("false")
        boolean retryClientErrors();

        /**
         * The longest wait a receiver's {@code Retry-After} can impose on the next attempt. The header postpones an
         * attempt that the schedule would make earlier; it never adds attempts. Zero ignores the header.
         */
        @WithDefault("1h")
        Duration maxRetryAfter();
    }
}
