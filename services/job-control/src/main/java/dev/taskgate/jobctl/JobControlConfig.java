package dev.taskgate.jobctl;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

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

    /**
     * The directory of the deployment's operation plug-in jars (docs/plugins.md), from
     * {@code taskgate.plugins.directory} [{@code TASKGATE_PLUGINS_DIRECTORY}], given to every service alike: their
     * catalog entries join the catalog. Unset: none.
     */
    Optional<Path> pluginsDirectory();

    /** The gateway's upstream MCP servers (docs/gateway.md). */
    Upstreams upstreams();

    /** The meters sampled from the database. */
    Metrics metrics();

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

    /** What the lifecycle records tell the frontends. */
    Lifecycle lifecycle();

    /**
     * HMAC key of public execution handles, base64, at least 32 bytes: the deployment-wide
     * {@code taskgate.handles.key} (env {@code TASKGATE_HANDLES_KEY}), identical to the frontends'. The operator API
     * verifies handles against their owners and mints the owners' handles with it. Required: no default outside
     * the test profile.
     */
    String handlesKey();

    /** The operator API ({@code /internal/v1/operator}). */
    Operator operator();

    /** Worker liveness and the settlement of executions whose owner was lost (issue 6). */
    Liveness liveness();

    /** The dead-letter topics the operator API lists and replays (docs/kafka.md "Dead-letter topics"). */
    DeadLetters deadLetters();

    /** Kafka topics the outbox writes to, each including the deployment's {@code taskgate.topic-prefix}. */
    Topics topics();

    /**
     * Admission control: which task surfaces are bounded and the five bounds (docs/job-control.md "Admission"). Both
     * surfaces are off by default, and then every submission is admitted.
     */
    Admission admission();

    /** MCP task visibility (the task TTL); see {@code docs/security.md}, "Task TTL and visibility". */
    TaskVisibility taskVisibility();

    /** Operator audit log retention; see {@code docs/mcp-frontend.md}, "Operator API". */
    Audit audit();

    /** Operator audit log settings. */
    interface Audit {
        /**
         * How long operator audit rows are kept; older ones are deleted by the audit sweeper (every
         * {@code jobctl.sweeper.interval}). Must be positive, otherwise the service refuses to start.
         */
        @WithDefault("400d")
        Duration retention();
    }

    /** MCP task visibility settings. */
    interface TaskVisibility {
        /**
         * The shortest TTL granted: a shorter requested one is raised to it. At least 1 s; 1 min unless a test
         * stack wants to see expiry sooner.
         */
        @WithDefault("1m")
        Duration minTtl();

        /**
         * The TTL of an MCP execution whose submission names none ({@code SubmitExecution.taskTtlMs} absent); must
         * lie within [1 min, 7 days], otherwise the service refuses to start.
         */
        @WithDefault("24h")
        Duration defaultTtl();
    }

    /** Sessions of the 2025-era MCP adapter ({@code /internal/v1/mcp-sessions}, issue 4). */
    McpSessions mcpSessions();

    /** Intermediate frontier checkpoints. */
    Checkpoints checkpoints();

    /** Artifacts operations save ({@code ArtifactSaved}). */
    Artifacts artifacts();

    /** Who may call the internal HTTP API: the services whose caller assertions are trusted. */
    InternalAuth internalAuth();

    /** Caller assertions on the internal HTTP API (docs/security.md "Service-to-service calls"). */
    interface InternalAuth {
        /**
         * The keys of the calling services, {@code <issuer>:<keyId>:<base64 HMAC-SHA256 key>} comma-separated
         * (several per issuer while a key is rotated). They also verify the record signatures of commands
         * (mcp-frontend) and of worker events and heartbeats (worker-pool), docs/security.md "Kafka". Required outside
         * {@code %dev}/{@code %test}.
         */
        String trustedKeys();

        /** How far a calling service's clock may be off. */
        @WithDefault("30s")
        Duration clockSkew();
    }

    /** Cancellations of 2025-era calls that arrived before their call was admitted. */
    CancelMarks cancelMarks();

    /** Cancel marks: how long one refuses a submission under its receipt key. */
    interface CancelMarks {
        /**
         * How long a mark refuses a submission of its key; then the cancel-mark sweeper (on
         * {@code jobctl.sweeper.interval}) removes it. Longer than a call can take from its frontend to admission,
         * including the frontend's command retries.
         */
        @WithDefault("10m")
        Duration ttl();
    }

    /** Artifacts: how long they are kept. */
    interface Artifacts {
        /**
         * How long an artifact stays readable after it was last saved; then it reads as not-found and the artifact
         * sweeper (on {@code jobctl.sweeper.interval}, {@code jobctl.sweeper.batch-size} per pass) removes it.
         */
        @WithDefault("30d")
        Duration retention();
    }

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

        /** The topic worker-pool sends its heartbeats to (application.properties adds the deployment's topic prefix). */
        @WithDefault("taskgate.worker-heartbeats.v1")
        String heartbeatTopic();

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

    /** What the lifecycle records tell the frontends. */
    interface Lifecycle {
        /**
         * The largest result, in bytes of its JSON text, that the lifecycle record of a run's end carries (sealed, as
         * the execution's outcome), so that a frontend waiting for that end answers without reading the outcome from
         * job-control (docs/kafka.md "The outcome on a terminal lifecycle record"). Every frontend instance and
         * webhook-dispatcher read every lifecycle record, so a large result is left to that read. {@code 0}: no
         * record carries an outcome.
         */
        @WithDefault("16384")
        @Min(0)
        @Max(262144)
        int carriedResultMaxBytes();
    }

    /** Transactional outbox relay. */
    interface Outbox {
        /** Maximum number of outbox rows one relay pass locks, publishes and deletes. */
        @WithDefault("200")
        @Min(1)
        @Max(1000)
        int batchSize();

        /**
         * Fallback polling interval: the relay is woken right after every commit that wrote rows (and looks again
         * shortly when another instance held the relay lock), so this only bounds how late rows are published after a
         * failed pass, or rows that another instance wrote while it could not relay.
         */
        @WithDefault("1s")
        Duration pollInterval();

        /**
         * The largest record the relay sends (its producer's {@code max.request.size}): Kafka's default record limit,
         * the broker's {@code message.max.bytes}. Raise both together. A record that would not fit is never written
         * to the outbox (docs/kafka.md "Record sizes").
         */
        @WithDefault("1048576")
        @Min(6144)
        int maxRecordBytes();
    }

    /** The operator API. */
    interface Upstreams {
        /**
         * The upstreams file, from {@code taskgate.upstreams.file} [{@code TASKGATE_UPSTREAMS_FILE}], given to
         * job-control and worker-pool alike. Unset: no upstream.
         */
        Optional<Path> file();

        /** How soon an upstream that could not be listed is tried again (never later than its refresh interval). */
        @WithDefault("15s")
        Duration retryInterval();

        /**
         * After how many calls in a row that could not reach an upstream its circuit opens ({@code
         * upstream.UpstreamCircuit}, docs/gateway.md "Circuit breaker"); 0 switches the breaker off.
         */
        @WithDefault("5")
        int circuitFailures();

        /**
         * Whether upstream URLs may resolve to private, loopback or link-local addresses, from
         * {@code taskgate.upstreams.allow-private-networks} [{@code TASKGATE_UPSTREAMS_ALLOW_PRIVATE_NETWORKS}], given to
         * job-control and worker-pool alike; off by default (docs/gateway.md "Network policy").
         */
        @WithDefault("false")
        boolean allowPrivateNetworks();
    }

    interface Metrics {
        /**
         * How often {@code metrics.ExecutionMetrics} samples the live executions and the outbox (one query each); the
         * scheduler reads this key directly.
         */
        @WithDefault("15s")
        Duration sampleInterval();
    }

    interface Operator {
        /**
         * How long an operator's cancel of a running execution waits for the outbox relay to publish the stop
         * (broker acknowledgement) before answering {@code stop_delivery_unknown} instead of {@code accepted}.
         */
        @WithDefault("2s")
        Duration stopConfirmTimeout();
    }

    /** The deployment's dead-letter topics and who may operate them. */
    interface DeadLetters {
        /**
         * The topics whose consumers dead-letter to {@code <topic>.dlq}, full names with the deployment's
         * {@code taskgate.topic-prefix}: commands, worker events, work, control and lifecycle. A replay publishes a
         * record of {@code <topic>.dlq} again to {@code <topic>}, and to no other topic.
         */
        List<String> sources();

        /**
         * The deployment's operator project, {@code <org>/<project>}, from {@code taskgate.operator-workspace}
         * [{@code TASKGATE_OPERATOR_WORKSPACE}]: dead-letter topics are deployment-wide, so only operators of this
         * project (with scope {@code deadletters:admin}) may list and replay them. Unset: nobody may.
         */
        Optional<String> operatorWorkspace();

        /** How long one list or replay waits for Kafka before answering 503. */
        @WithDefault("10s")
        Duration kafkaTimeout();
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

    /**
     * Admission control. With a surface switched on, every bound must be set and positive or the service refuses to
     * start. The bounds count executions of both surfaces; only submissions from a switched-on surface are refused.
     */
    interface Admission {
        /**
         * Whether submissions from the native task surface (REST tool executions and MCP task-augmented
         * {@code tools/call}) must stay within the bounds.
         */
        @WithDefault("false")
        boolean nativeTasks();

        /**
         * Whether submissions from the compatibility surface (ordinary synchronous MCP {@code tools/call}, later the
         * compatibility tools) must stay within the bounds.
         */
        @WithDefault("false")
        boolean compatibility();

        /** Maximum non-terminal (queued, working, input_required) executions of one principal, in all workspaces. */
        OptionalLong principalConcurrency();

        /** Maximum non-terminal executions of one project. */
        OptionalLong projectConcurrency();

        /** Maximum non-terminal executions of one organization. */
        OptionalLong organizationConcurrency();

        /** Maximum queued executions of one project. */
        OptionalLong projectBacklog();

        /**
         * Maximum payload bytes one project retains: the stored (encrypted) input and result bytes of its executions
         * that are not yet purged. A new submission needs room for its input.
         */
        OptionalLong projectRetainedPayloadBytes();

        /**
         * The retry hint for a concurrency or backlog bound that is just reached (one slot short); it grows with
         * each further slot missing, up to an hour. Retained-payload refusals are estimated from the soonest
         * retention end instead.
         */
        @WithDefault("5s")
        Duration retryAfter();
    }

    /** Sessions of the 2025-era MCP adapter. */
    interface McpSessions {
        /**
         * A session unused for this long is gone: requests naming it get 404 and the client initializes again.
         * Every use renews it.
         */
        @WithDefault("30m")
        Duration idleTimeout();
    }

    /** Intermediate frontier checkpoints ({@code CheckpointSaved}). */
    interface Checkpoints {
        /**
         * The checkpoint key, base64, at least 32 bytes, shared with every worker-pool instance: job-control makes the
         * MAC of every stored frontier with it, workers check it before a replacement resumes. From
         * {@code taskgate.checkpoint.key} [{@code TASKGATE_CHECKPOINT_KEY}]. Unset: frontiers are not stored and a
         * replacement always starts afresh.
         */
        Optional<String> key();
    }
}
