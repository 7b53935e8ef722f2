package dev.taskgate.frontend;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import dev.taskgate.frontend.mcp.TaskPolicy;

/**
 * Every setting mcp-frontend reads, under {@code taskgate.frontend}. The deployment-wide keys of
 * {@code docs/configuration.md} ({@code taskgate.kafka.bootstrap}, {@code taskgate.topic-prefix},
 * {@code taskgate.instance-id}, {@code taskgate.handles.key}, {@code taskgate.job-control.url}) are what operators
 * set; {@code application.properties} feeds them into the members below, so set those shared keys (or their
 * environment variables, e.g. {@code TASKGATE_HANDLES_KEY}) rather than the {@code taskgate.frontend.*} aliases.
 */
@ConfigMapping(prefix = "taskgate.frontend")
public interface FrontendConfig {

    /**
     * Kafka bootstrap servers ({@code host:port,…}). Set through {@code taskgate.kafka.bootstrap}; default
     * {@code 127.0.0.1:19092}.
     */
    String kafkaBootstrap();

    /**
     * Prepended to every Kafka topic name (component tests use {@code fe-test.}). Set through
     * {@code taskgate.topic-prefix}; default none.
     */
    Optional<String> topicPrefix();

    /**
     * This process's identity among the frontend replicas: the {@code replyTo} of its commands and the suffix of
     * its reply consumer group. Set through {@code taskgate.instance-id}; default a random id per process start.
     */
    Optional<String> instanceId();

    /**
     * HMAC-SHA256 key for execution handles, base64, at least 32 bytes. Set through {@code taskgate.handles.key}.
     * Required: the service refuses to start without it. Must be identical on every replica, or handles minted by
     * one are rejected by another.
     */
    String handlesKey();

    /**
     * The frontend's key (HMAC-SHA256) for its calls to job-control, {@code <keyId>:<base64 ≥ 32 bytes>}: every call
     * carries a caller assertion signed with it (docs/security.md "Service-to-service calls"), and every command
     * record it sends carries a record signature made with it (docs/security.md "Kafka"). Set through
     * {@code taskgate.service-auth.signing-key} [{@code TASKGATE_SERVICE_AUTH_SIGNING_KEY}]; required outside
     * {@code %dev}/{@code %test}.
     */
    String serviceSigningKey();

    /**
     * The payload key ring, {@code <key id>:<base64 of 32 bytes>}, comma-separated, the first sealing: the input of a
     * submission and the responses of a {@code ProvideInput} travel sealed with it (docs/security.md "Payloads on
     * Kafka"). Set through {@code taskgate.payload-keys} [{@code TASKGATE_PAYLOAD_KEYS}], the same ring as
     * job-control's; required outside {@code %dev}/{@code %test}: the service refuses to start without it.
     */
    List<String> payloadKeys();

    /** Base URL of job-control's internal query API. Set through {@code taskgate.job-control.url}; default {@code http://127.0.0.1:8081}. */
    URI jobControlUrl();

    /** Connect timeout for queries to job-control; an unreachable job-control becomes a 503. */
    @WithDefault("2s")
    Duration jobControlConnectTimeout();

    /** Read timeout for queries to job-control. */
    @WithDefault("5s")
    Duration jobControlReadTimeout();

    /**
     * How long a federated resources, prompts or completion request waits for job-control, which asks the upstream
     * (docs/gateway.md "Resources, prompts and completions"); past it the request is answered 503 {@code unavailable}.
     */
    @WithDefault("30s")
    Duration upstreamFeaturesTimeout();

    /**
     * How long a request waits for job-control's reply to a command (including the broker's acknowledgement) before
     * it is answered 503 {@code unavailable}.
     */
    @WithDefault("10s")
    Duration commandTimeout();

    /**
     * Commands of this instance waiting for job-control's reply at once. They hold no thread while they wait, so this
     * is what bounds the requests (and their inputs, up to 1 MiB each) kept in memory when job-control falls behind
     * or is away; one more is answered 503 {@code unavailable} with {@code Retry-After} at once, without publishing.
     * Keep it below what job-control answers within {@link #commandTimeout()} when it is busy (its rate times the
     * timeout): past that, every command admitted waits out the timeout and fails although job-control still runs it,
     * where refusing the excess at once keeps the admitted ones answered (docs/mcp-frontend.md).
     */
    @WithDefault("128")
    int commandsInFlight();

    /**
     * Reads with {@code wait_ms} (REST, and MCP's {@code execution_get}) waiting at once on this instance. They hold no
     * thread while they wait (a watch and a timer each); one more is answered 503 {@code unavailable} with
     * {@code Retry-After} at once (MCP: -32603 with HTTP 503).
     */
    @WithDefault("4096")
    int waitingReads();

    /** Suggested polling interval, reported to callers as {@code poll_interval_ms} and in {@code Retry-After}. */
    @WithDefault("500ms")
    Duration pollInterval();

    /**
     * How long start-up waits for the command-reply consumer to be assigned and positioned. Readiness stays DOWN
     * until it is, whatever this value.
     */
    @WithDefault("30s")
    Duration repliesReadyTimeout();

    /** The cache of verified bearer tokens, under {@code taskgate.frontend.token-cache}. */
    TokenCache tokenCache();

    /**
     * Verified bearer tokens remembered by the SHA-256 of their bytes, so that a client repeating a request with the
     * same token is not verified again (docs/security.md "Verified-token cache"). Only tokens that passed
     * verification are remembered, each until the earliest of its {@code exp}, the end of its accepted age and
     * {@link #maxAge()} after its verification.
     */
    interface TokenCache {
        /** Most tokens remembered at once, the least recently used leaving first; 0 switches the cache off. */
        @WithDefault("1000")
        int maxEntries();

        /**
         * Longest a verified token is remembered: also how long a token signed with a key the identity provider has
         * withdrawn can still be accepted after the service fetched the new key set.
         */
        @WithDefault("60s")
        Duration maxAge();
    }

    /** The MCP 2026-07-28 endpoint {@code /mcp}. */
    Mcp mcp();

    /** The MCP stdio transport ({@code bin/taskgate-mcp-stdio}). */
    Stdio stdio();

    /** The operator console under {@code /console} (docs/console.md). */
    Console console();

    /** Settings of the operator console, under {@code taskgate.frontend.console}. */
    interface Console {
        /**
         * Where browsers reach webhook-dispatcher's API, an absolute {@code http(s)} URL without a path, e.g.
         * {@code https://hooks.example.com}. Set through {@code taskgate.console.webhooks-url}
         * [{@code TASKGATE_CONSOLE_WEBHOOKS_URL}]. Unset: the console calls the webhook routes on its own origin
         * (a deployment that routes {@code …/webhook-subscriptions} there). Its origin joins the console's
         * {@code connect-src}; webhook-dispatcher must allow the console's origin ({@code taskgate.console.origins}).
         */
        Optional<URI> webhooksUrl();
    }

    /** Settings of the stdio transport, under {@code taskgate.frontend.stdio}. */
    interface Stdio {
        /**
         * Whether this process serves MCP over its standard input and output instead of only over HTTP. The
         * {@code stdio} profile turns it on (and the HTTP listener and console logging on stdout off).
         */
        @WithDefault("false")
        boolean enabled();

        /**
         * The JWT every stdio request is authenticated with, verified exactly like an HTTP bearer token (signature,
         * issuer, audience, expiry; checked again for every request). Set through {@code TASKGATE_TOKEN}.
         */
        Optional<String> token();

        /** How many stdio requests are served at the same time; further lines wait. */
        @WithDefault("8")
        int concurrency();
    }

    /**
     * Whether the conformance tool pack ({@code schemas/operations/conformance-pack.json}) is listed and accepted. Set
     * through {@code taskgate.conformance.enabled} [{@code TASKGATE_CONFORMANCE_ENABLED}] on every service of the
     * deployment alike; default off. Only for conformance runs.
     */
    @WithDefault("false")
    boolean conformancePack();

    /**
     * The directory of the deployment's operation plug-in jars (docs/plugins.md), from
     * {@code taskgate.plugins.directory} [{@code TASKGATE_PLUGINS_DIRECTORY}], given to every service alike: their
     * catalog entries join the catalog. Unset: none.
     */
    Optional<Path> pluginsDirectory();

    /**
     * At most one question for the tools of the gateway's upstream MCP servers per this interval, unless the last
     * answer changed them; each question waits at job-control for a change, so a change reaches callers at once
     * (docs/gateway.md "Discovery"). Also the pause after a failed question.
     */
    @WithDefault("5s")
    Duration upstreamToolsRefresh();

    /** Serving unauthenticated MCP requests as one fixed local principal, under {@code taskgate.frontend.local-principal}. */
    LocalPrincipal localPrincipal();

    /**
     * A fixed principal for MCP requests without credentials, for local conformance runs (the suite sends no token).
     * Off by default; when on, the service refuses to start unless {@code quarkus.http.host} is a loopback address.
     * Requests that present a token are still authenticated by it.
     */
    interface LocalPrincipal {
        /** Whether unauthenticated MCP requests are served as this principal instead of answered 401. */
        @WithDefault("false")
        boolean enabled();

        /** The principal's subject ({@code sub}); required when enabled. */
        Optional<String> subject();

        /** The principal's organisation ({@code org_id}); required when enabled. */
        Optional<String> orgId();

        /** The principal's project ({@code project_id}); required when enabled. */
        Optional<String> projectId();

        /** The principal's scopes, space separated; {@code tools:call} is needed to call tools. */
        @WithDefault("tools:call")
        String scope();
    }

    /** Settings of the MCP endpoint, under {@code taskgate.frontend.mcp}. */
    interface Mcp {
        /**
         * Browser origins allowed to call {@code /mcp} (exact {@code scheme://host[:port]}, compared
         * case-insensitively). A request without {@code Origin} is allowed; one with any other origin gets 403
         * (DNS-rebinding guard, MCP 2026-07-28 §6.1). Default: none.
         */
        Optional<List<String>> allowedOrigins();

        /**
         * The host name clients use to reach {@code /mcp} from outside (e.g. {@code mcp.example.com}), allowed in the
         * {@code Host} header besides the loopback names. Set through {@code taskgate.public-host}; default none.
         */
        Optional<String> publicHost();

        /**
         * Further host names allowed in the {@code Host} header of {@code /mcp} requests (ports are ignored;
         * {@code *} allows any name and turns the DNS-rebinding check off). {@code localhost}, {@code 127.0.0.1},
         * {@code [::1]} and {@link #publicHost()} are always allowed; any other name gets 403, a request without
         * {@code Host} 400.
         */
        Optional<List<String>> allowedHosts();

        /**
         * Task policy per tool name ({@code forbidden}, {@code optional}, {@code required}); tools not listed are
         * {@code optional}. Keys with dots are quoted: {@code taskgate.frontend.mcp.task-policy."demo.sleep"=required}.
         * A key that names no registered tool stops the service.
         */
        Map<String, TaskPolicy> taskPolicy();

        /**
         * Whether the native task surface is on: the 2026-07-28 {@code io.modelcontextprotocol/tasks} extension and
         * the 2025-11-25 core {@code tasks} capability. Off, neither is advertised ({@code server/discover},
         * {@code initialize}), every call is answered synchronously, the task methods are -32601 and a tool whose
         * policy is {@code required} cannot be called. Independent of job-control's admission bounds. Default on.
         */
        @WithDefault("true")
        boolean tasksEnabled();

        /**
         * The TTL this frontend asks job-control to grant each new task, clamped to [1 min, 7 days]. job-control
         * stores the granted visibility end durably (renewed by a same-{@code requestKey} retry) and tasks report it
         * as {@code ttlMs}; past it the task answers like an unknown one.
         */
        @WithDefault("24h")
        Duration taskTtl();

        /** {@code pollIntervalMs} suggested to task callers. */
        @WithDefault("1s")
        Duration taskPollInterval();

        /**
         * How long a synchronous {@code tools/call} (no tasks extension) waits for the execution to end. When it
         * elapses the execution is cancelled and the call answers a JSON-RPC error.
         */
        @WithDefault("60s")
        Duration syncCallTimeout();

        /**
         * How often a synchronous call that is still running asks job-control for its outcome. Completion normally
         * wakes the call at once through {@code taskgate.lifecycle.v1}; this slow poll only bounds the delay when
         * such a record is lost.
         */
        @WithDefault("2s")
        Duration syncPollInterval();

        /**
         * Least time between two {@code notifications/progress} of one request. Reports arriving faster are
         * coalesced: the newest is sent when the interval has passed.
         */
        @WithDefault("250ms")
        Duration progressInterval();

        /**
         * How long a synchronous call that ended waits for the progress reports job-control recorded before the end
         * but that this instance has not read yet (progress and lifecycle records travel on different topics, so the
         * end can be read first). Once it elapses, the recorded progress is sent as it stands, then the result.
         */
        @WithDefault("1s")
        Duration finalProgressWait();

        /**
         * Longest silence on a progress stream ({@code text/event-stream}) before an SSE comment line is sent, so
         * that proxies and clients keep the connection open while the operation reports nothing.
         */
        @WithDefault("10s")
        Duration heartbeatInterval();

        /**
         * How long this instance trusts a 2025-era session it found live in job-control (each finding is an internal
         * call and a renewal) before it asks again. Requests within it are served without either; a session ended or
         * given a log level through another replica is seen here at most this late (through this one: at once), and
         * the session's idle time counts from the last renewal. {@code 0} asks on every request.
         */
        @WithDefault("1s")
        Duration sessionRecheck();

        /** {@code ttlMs} of {@code server/discover} and {@code tools/list} results (a client caching hint). */
        @WithDefault("5m")
        Duration listTtl();

        /** {@code version} reported in {@code _meta["io.modelcontextprotocol/serverInfo"]}. */
        @WithDefault("0.1.0")
        String serverVersion();
    }

    /**
     * Multi-round-trip {@code input_required} results on MCP {@code tools/call}, under
     * {@code taskgate.frontend.request-state}.
     */
    RequestState requestState();

    /**
     * The signed {@code requestState} of multi-round-trip {@code tools/call}s. Its key is derived from
     * {@code taskgate.handles.key}, so every replica that shares the handle key accepts the others' states.
     */
    interface RequestState {
        /** How long a client has to answer one round before it must start the call again. */
        @WithDefault("10m")
        Duration ttl();
    }
    /** The REST event streams ({@code GET …/tool-executions/{id}/events}), under {@code taskgate.frontend.events}. */
    Events events();

    /**
     * Bounds of the REST event streams: each holds a worker thread while open, so they are capped per instance and
     * end after a while (the client opens a new one, or falls back to polling {@code GET /{id}}).
     */
    interface Events {
        /** A {@code : keep-alive} comment after this much silence; each one also re-reads the execution. */
        @WithDefault("15s")
        Duration keepAlive();

        /** The server ends a stream after this long, terminal or not. */
        @WithDefault("5m")
        Duration maxOpen();

        /** Open event streams on this instance; one more is refused with 503 and Retry-After. */
        @WithDefault("64")
        int maxPerInstance();
    }

    /** The 2025-era standalone SSE stream ({@code GET /mcp} in a session), under {@code taskgate.frontend.listen}. */
    Listen listen();

    /**
     * Bounds of the 2025-era listen streams ({@code GET /mcp} with {@code Mcp-Session-Id}): each holds a worker
     * thread while open, so they are capped per session and per instance and end after a while (clients reconnect).
     */
    interface Listen {
        /** A {@code : keep-alive} comment after this much silence (also how fast a dropped client is noticed). */
        @WithDefault("15s")
        Duration keepAlive();

        /** The server ends a stream after this long; the client opens a new one (transports 2025-11-25 §2.2). */
        @WithDefault("5m")
        Duration maxOpen();

        /**
         * How often an open stream checks that its session is still live (a DELETE on another replica ends it then;
         * a DELETE on this replica ends it at once). Each check renews the session like a request would.
         */
        @WithDefault("30s")
        Duration sessionCheck();

        /** Open streams per session on this instance; one more is refused with 409. */
        @WithDefault("2")
        int maxPerSession();

        /** Open streams on this instance (each holds a worker thread); one more is refused with 503. */
        @WithDefault("64")
        int maxPerInstance();
    }
}
