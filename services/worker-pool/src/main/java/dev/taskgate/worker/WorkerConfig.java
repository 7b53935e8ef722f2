package dev.taskgate.worker;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the worker-pool service. */
@ConfigMapping(prefix = "taskgate.worker")
public interface WorkerConfig {

    /**
     * This instance's worker id, reported in every worker event and heartbeat and part of its control consumer
     * group. Taken from {@code taskgate.instance-id} (random per process start unless set).
     */
    @NotBlank
    String instanceId();

    /**
     * Prepended to every Kafka topic name (component tests use {@code wp-test.}); fed from {@code taskgate.topic-prefix}
     * [{@code TASKGATE_TOPIC_PREFIX}], default none. Worker events and heartbeats are signed for their full topic name.
     */
    Optional<String> topicPrefix();

    /** How many child JVMs are kept warm; also the number of operations this instance runs at once. */
    @WithDefault("2")
    @Min(1)
    @Max(64)
    int children();

    /**
     * A child is replaced by a fresh one after this many operations, to bound leaks in long-lived children. Starting
     * a child costs about 0.3 s of CPU and its JIT warms up again; at 500 that was a third of a no-op execution's
     * CPU in worker-pool (docs/performance.md "Children replaced every 5,000 operations").
     */
    @WithDefault("5000")
    @Min(1)
    int maxOperationsPerChild();

    /** How long a child may take to stop after a stop request before it is killed and the run reported stopped. */
    @WithDefault("10s")
    Duration stopGrace();

    /** How long a new child may take to print its ready line before it is given up and started again. */
    @WithDefault("30s")
    Duration childStartTimeout();

    /** Maximum heap of each child JVM ({@code -Xmx} value). */
    @WithDefault("64m")
    @Pattern(regexp = "[1-9][0-9]*[kKmMgG]")
    String childMaxHeap();

    /**
     * Minimum interval between two {@code Progress} events of one execution; of the reports in between only the
     * newest is kept, published when the interval ends or just before the terminal event.
     */
    @WithDefault("250ms")
    Duration progressInterval();

    /**
     * How many (execution, epoch) pairs are remembered for duplicate detection and early stop requests. The
     * oldest are forgotten first.
     */
    @WithDefault("10000")
    @Min(100)
    int rememberedExecutions();

    /**
     * How often a {@code WorkerHeartbeat} is published (read by the scheduler from this key). job-control declares
     * an instance lost after its {@code jobctl.liveness.heartbeat-timeout} (6 s) without one: keep this well below.
     */
    @WithDefault("2s")
    Duration heartbeatInterval();

    /**
     * How long a run whose repetition is harmless (a read-only operation of this worker: not an upstream call, not a
     * reconciliation) holds its {@code Started} back: a run that ends sooner reports only its end, one event and one
     * state change where there were two, and no acknowledgement is waited for before it runs (docs/worker-pool.md
     * "A quick run reports once"). 0 reports every start before the run.
     */
    @WithDefault("25ms")
    Duration startReportDelay();

    /**
     * How long to wait for the broker to acknowledge an event: a {@code Started} not acknowledged by then leaves the
     * record to be delivered again; a terminal event is never given up (it is waited for again, and sent again after a
     * refusal, until the broker has it: {@code TerminalDelivery}); this is how often the wait is logged.
     */
    @WithDefault("2m")
    Duration publishTimeout();

    /**
     * How long a shutdown (SIGTERM) waits for the running operations to end, starting no new one, before the children
     * are stopped and what still runs is left to recovery ({@code WorkDrain}, docs/worker-pool.md "Shutdown"); 0 does
     * not wait. Keep it below the time the platform allows a stop: Kubernetes' terminationGracePeriodSeconds (60 s for
     * worker-pool in deploy/k8s) and bin/taskgate's 20 s.
     */
    @WithDefault("15s")
    Duration shutdownGrace();

    /**
     * Whether the conformance tool pack ({@code schemas/operations/conformance-pack.json}) is part of this worker's
     * catalog, so that its fixture operations may run. Set through {@code taskgate.conformance.enabled}
     * [{@code TASKGATE_CONFORMANCE_ENABLED}] on every service of the deployment alike; default off. Only for
     * conformance runs.
     */
    @WithDefault("false")
    boolean conformancePack();

    /**
     * The directory of the deployment's operation plug-in jars (docs/plugins.md), from
     * {@code taskgate.plugins.directory} [{@code TASKGATE_PLUGINS_DIRECTORY}], given to every service alike: their
     * catalog entries join this worker's catalog and the jars join its children's classpath. Unset: none.
     */
    Optional<Path> pluginsDirectory();

    /**
     * The upstreams file of the gateway (docs/gateway.md), from {@code taskgate.upstreams.file}
     * [{@code TASKGATE_UPSTREAMS_FILE}], the same as job-control's: where upstream tools are called, with which
     * credential. Unset: no upstream.
     */
    Optional<Path> upstreamsFile();

    /**
     * Whether upstream URLs may resolve to private, loopback or link-local addresses, from
     * {@code taskgate.upstreams.allow-private-networks} [{@code TASKGATE_UPSTREAMS_ALLOW_PRIVATE_NETWORKS}], as
     * job-control's; off by default (docs/gateway.md "Network policy").
     */
    @WithDefault("false")
    boolean upstreamsAllowPrivateNetworks();

    /**
     * At most one question for the upstream tools per this interval, unless the last answer changed them (each waits
     * at job-control for a change: docs/gateway.md "Discovery"); also the pause after a failed question.
     */
    @WithDefault("5s")
    java.time.Duration upstreamToolsRefresh();

    /**
     * The checkpoint key job-control authenticates frontiers with (base64, at least 32 bytes), from
     * {@code taskgate.checkpoint.key} [{@code TASKGATE_CHECKPOINT_KEY}]. A replacement resumes from a frontier only
     * if its MAC verifies under this key; unset, every replacement starts afresh.
     */
    Optional<String> checkpointKey();

    /** How each child JVM is confined: its directory, user and resource limits (docs/security.md). */
    Child child();

    /** The sandbox of the child JVMs. */
    interface Child {
        /**
         * Where each child gets its own directory ({@code worker-*}/{@code child-*}, mode 700, its working directory,
         * {@code HOME} and temporary directory; emptied between runs, deleted when the child ends) [{@code
         * TASKGATE_WORKER_CHILD_WORK_ROOT}]. Created with mode 711 if absent. Default: {@code taskgate-children}
         * under the worker's {@code java.io.tmpdir}.
         */
        Optional<Path> workRoot();

        /**
         * The unprivileged user children run as when the worker runs as root [{@code TASKGATE_WORKER_CHILD_USER}],
         * e.g. {@code nobody} or a dedicated account; it must be able to read the child's classpath and to read
         * (and, for the rewrite operations, write) the workspace roots and the rewrite sandbox. Checked at start:
         * an unknown user, root, or a classpath it cannot read stops the service. Unset: children run as the
         * worker's own user (a warning is logged when that is root). Ignored, with a warning, when the worker is
         * not root.
         */
        Optional<String> user();

        /** Resource limits of each child (soft = hard, set with {@code prlimit} before the JVM starts). */
        Limits limits();
    }

    /** Resource limits of one child. */
    interface Limits {
        /**
         * CPU time a child may use over its whole life, all its operations together ({@code RLIMIT_CPU}, whole
         * seconds); past it the kernel ends the child, its run is reported {@code ChildDied} and a fresh child
         * replaces it.
         */
        @WithDefault("1h")
        Duration cpuTime();

        /**
         * Virtual address space of a child ({@code RLIMIT_AS}), like {@code 4g}. A JVM reserves far more than its
         * heap (about 2.2 GiB with the default 64m heap, most of it the 1 GiB compressed class space and the code
         * cache): keep it at least {@code child-max-heap} + 2g, or children cannot start.
         */
        @WithDefault("4g")
        @Pattern(regexp = "[1-9][0-9]*[kKmMgG]")
        String addressSpace();

        /**
         * Processes and threads ({@code RLIMIT_NPROC}). The kernel counts every process and thread of the child's
         * user, so with {@code child.user} this bounds all children of all workers running as that user together
         * (a child JVM has about 15 threads); the kernel does not enforce it for root.
         */
        @WithDefault("512")
        @Min(16)
        int processes();

        /** Open file descriptors of a child ({@code RLIMIT_NOFILE}). */
        @WithDefault("1024")
        @Min(64)
        int openFiles();
    }

    /** Settings of the rewrite operations. */
    Rewrite rewrite();

    /**
     * Where job-control's internal API answers [{@code TASKGATE_WORKER_JOB_CONTROL_URL}]: operations load retained
     * artifacts through it ({@code GET /internal/v1/artifacts/by-key}). application.properties defaults it to the
     * stack-wide {@code taskgate.job-control.url} [{@code TASKGATE_JOB_CONTROL_URL}], else a job-control on this host.
     */
    @WithDefault("http://127.0.0.1:8081")
    java.net.URI jobControlUrl();

    /**
     * worker-pool's key (HMAC-SHA256) for its calls to job-control, {@code <keyId>:<base64 ≥ 32 bytes>}
     * [{@code TASKGATE_SERVICE_AUTH_SIGNING_KEY}] (docs/security.md "Service-to-service calls"), and for the record
     * signatures of its worker events and heartbeats (docs/security.md "Kafka"); required outside
     * {@code %dev}/{@code %test}. Children never receive it.
     */
    String serviceSigningKey();

    /**
     * The payload key ring, {@code <key id>:<base64 of 32 bytes>}, comma-separated, the first sealing
     * [{@code TASKGATE_PAYLOAD_KEYS}], the same ring as job-control's: the parent opens the inputs, responses,
     * checkpoints and journal entries it receives and seals the results, input requests, checkpoints, plans and
     * artifacts it reports (docs/security.md "Payloads on Kafka"); required outside {@code %dev}/{@code %test}.
     * Children never receive it.
     */
    List<String> payloadKeys();

    /** Artifacts operations save. */
    Artifacts artifacts();

    /** Artifacts: how results link them. */
    interface Artifacts {
        /**
         * The public base URL of the mcp-frontend (REST) [{@code TASKGATE_WORKER_ARTIFACTS_PUBLIC_BASE_URL}], e.g.
         * {@code https://taskgate.example.com}: {@code ArtifactRef.uri()} is this plus the artifact's path, an absolute
         * URI as MCP's {@code resource_link.uri} ({@code format: uri}) expects. Unset: the path alone, a reference
         * relative to the Taskgate endpoint.
         */
        Optional<java.net.URI> publicBaseUrl();
    }

    /**
     * The workspaces the workspace operations ({@code workspace.*}) may work over, by workspace id
     * {@code "<org>/<project>"} (quoted in properties: {@code taskgate.worker.workspaces."acme/demo".roots}); or by a
     * plain name with the id in {@code .id} (the form environment variables can express:
     * {@code TASKGATE_WORKER_WORKSPACES_DEMO_ID=acme/demo}). Every worker instance must register the same workspaces,
     * and the roots must be the same files on each (in Kubernetes: volumes mounted into every worker pod). Checked at
     * startup ({@code WorkspaceRegistry}): the service refuses to start with an invalid entry.
     */
    Map<String, WorkspaceSettings> workspaces();

    /** One registered workspace. */
    interface WorkspaceSettings {
        /** The workspace id {@code "<org>/<project>"}; defaults to the map key. */
        Optional<String> id();

        /**
         * The workspace's directories, absolute, each existing: {@code /path} (named by its last segment) or
         * {@code name=/path}; names unique. Workspace paths are {@code <name>/<relative/path>}.
         */
        Optional<List<String>> roots();

        /**
         * Regexes with exactly one capture group, the referenced path, that find references between files (includes,
         * imports, links); default: C/C++ {@code #include "x"}, JS/TS {@code import … from 'x'} and
         * {@code require('x')}, Markdown links {@code ](x)} and Python {@code from x import}. A comma inside a regex
         * is written {@code \,}.
         */
        Optional<List<String>> referencePatterns();

        /** Files larger than this are skipped by listings and refused when read (default 1 MiB). */
        @WithDefault("1048576")
        @Min(1)
        long maxFileBytes();
    }

    /** Rewrite operations ({@code demo.rewrite}): which files they may change. */
    interface Rewrite {
        /**
         * The directory {@code demo.rewrite} works in [{@code TASKGATE_WORKER_REWRITE_SANDBOX}]: every path it
         * rewrites is relative to it and never leaves it; pre-images are kept in its {@code .taskgate-journal}
         * directory. Unset: {@code demo.rewrite} fails without touching anything.
         */
        Optional<Path> sandbox();
    }
}
