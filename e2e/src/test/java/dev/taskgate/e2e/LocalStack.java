package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.TestInfra;
import dev.taskgate.testsupport.mcp.McpTestClient;

/**
 * Starts the four packaged services once per test JVM, as processes against the PostgreSQL and Kafka that
 * {@code bin/test} started, and stops them after the last test class. Use with {@code @ExtendWith(LocalStack.class)}.
 *
 * <p>Two test JVMs may run side by side with a stack each ({@code bin/test --all} runs the fast and the slow tier at
 * once): the system property {@code taskgate.e2e.stack} names the stack ({@value #DEFAULT_STACK} by default), which
 * gives it a database ({@link #database()}), a topic prefix ({@link #topic(String)}) and a state folder of its own.
 */
public final class LocalStack implements BeforeAllCallback, AutoCloseable {
    private static final Path REPO = Path.of(System.getProperty("taskgate.repo.root", ".."))
            .toAbsolutePath()
            .normalize();
    /** The stack of the fast tier: database {@code taskgate_e2e}, topics without a prefix. */
    static final String DEFAULT_STACK = "e2e";

    private static final String STACK = System.getProperty("taskgate.e2e.stack", DEFAULT_STACK);
    private static final Path LOGS = REPO.resolve("e2e/target/" + STACK + "-logs");
    /** The stack's state folder: keys, the rewrite sandbox, the workspace acme/demo (see bin/lib/service-env.sh). */
    private static final Path STATE = REPO.resolve("e2e/target/" + STACK + "-stack");

    /**
     * How long a service may take to be ready: 120 s, or {@code -Dtaskgate.e2e.ready-seconds=N} on a machine so loaded
     * that a Quarkus start takes longer.
     */
    static final Duration READY = Duration.ofSeconds(Long.getLong("taskgate.e2e.ready-seconds", 120));

    private static LocalStack running;
    /** Why the stack could not start, once it failed: later test classes fail with it instead of trying again. */
    private static Exception startFailure;

    private final Map<String, ServiceProcess> services = new LinkedHashMap<>();
    private final Map<String, ServiceProcess> extras = new LinkedHashMap<>();
    private final Map<String, String> sharedEnv = new HashMap<>();
    private ServiceEnv definition;
    private GatewayUpstreams upstreams;

    /** The running stack; only valid inside a test class extended with this extension. */
    public static LocalStack get() {
        if (running == null) {
            throw new IllegalStateException(
                    "LocalStack not started: annotate the test class with @ExtendWith(LocalStack.class)");
        }
        return running;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (LocalStack.class) {
            if (startFailure != null) {
                throw new IllegalStateException(
                        "the local stack failed to start for an earlier test class", startFailure);
            }
            if (running == null) {
                LocalStack stack = new LocalStack();
                try {
                    stack.start();
                } catch (Exception e) {
                    // the services that did start would outlive this JVM otherwise, each one idling on a core
                    startFailure = e;
                    stack.close();
                    throw e;
                }
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(LocalStack.class.getName(), stack);
                running = stack;
            }
        }
    }

    /** Base URL of the frontend (REST and MCP). */
    public String frontendUrl() {
        return services.get("mcp-frontend").baseUrl();
    }

    /** The MCP test client of the frontend, sending this bearer token. */
    public McpTestClient mcp(String token) {
        return McpTestClient.http(frontendUrl()).bearer(token);
    }

    /** The union of the services' settings (broker, job-control URL, keys); prefer {@link #serviceEnv(String)}. */
    public Map<String, String> sharedEnv() {
        return Map.copyOf(sharedEnv);
    }

    /**
     * A Kafka test client that signs like the stack's services (docs/security.md "Kafka"): commands with the
     * frontend's own key, worker events and heartbeats with worker-pool's, as {@code service-env.sh prepare} made
     * them in the stack's keys folder. The stack's job-control trusts only those, not the development keys. Payload
     * members are sealed and opened with the stack's payload ring (docs/security.md "Payloads on Kafka").
     */
    public static KafkaTestClient kafka() {
        Path keys = STATE.resolve("keys");
        try {
            return KafkaTestClient.connect(
                    Map.of(
                            KafkaTestClient.FRONTEND,
                            Files.readString(keys.resolve("mcp-frontend.signing-key"))
                                    .strip(),
                            KafkaTestClient.WORKER_POOL,
                            Files.readString(keys.resolve("worker-pool.signing-key"))
                                    .strip()),
                    List.of(Files.readString(keys.resolve("payload-keys"))
                            .strip()
                            .split(",")));
        } catch (IOException e) {
            throw new UncheckedIOException("the stack's signing or payload keys are not in " + keys, e);
        }
    }

    /** The stack's database ({@code bin/test-infra} creates one per stack). */
    public static String database() {
        return "taskgate_" + STACK.replace('-', '_');
    }

    /**
     * A topic or shared consumer group of the stack: the name with the stack's prefix ({@code bin/test-infra} creates
     * the topics; the services prefix their shared groups the same way).
     */
    public static String topic(String name) {
        return topicPrefix() + name;
    }

    private static String topicPrefix() {
        return STACK.equals(DEFAULT_STACK) ? "" : STACK + ".";
    }

    /** A JDBC URL of the stack's database, for tests that look at stored rows. */
    public static String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + TestInfra.pgPort() + "/" + database();
    }

    /** The repository root (for test helpers that live beside the Java tests). */
    public static Path repo() {
        return REPO;
    }

    /**
     * Root {@code name} ({@code src} or {@code docs}) of workspace {@code acme/demo}, which every worker-pool
     * started through bin/lib/service-env.sh registers ({@code TASKGATE_WORKER_WORKSPACES_DEMO_ID}).
     */
    public static Path workspaceRoot(String name) {
        return STATE.resolve("workspaces/demo/" + name);
    }

    /** The directory demo.rewrite works in (the worker's {@code taskgate.worker.rewrite.sandbox}). */
    public static Path rewriteSandbox() {
        return STATE.resolve("rewrite-sandbox");
    }

    /** The counts file of the stack's stdio upstream ({@link GatewayUpstreams}). */
    public static Path stdioUpstreamCounts() {
        return GatewayUpstreams.stdioCounts(STATE);
    }

    /** The directory the stack's {@code fs} upstream (server-filesystem) may reach ({@link GatewayUpstreams}). */
    public static Path filesystemUpstreamDirectory() {
        return GatewayUpstreams.filesystemDirectory(STATE);
    }

    /** A service process by name, e.g. to stop or restart it in a test. */
    public ServiceProcess service(String name) {
        return services.get(name);
    }

    private void start() throws Exception {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (String service : List.of("job-control", "worker-pool", "webhook-dispatcher", "mcp-frontend")) {
            ports.put(service, LoopbackPorts.reserve());
        }
        definition = ServiceEnv.prepare(REPO, STATE, ports, database(), topicPrefix());
        installExamplePlugin();
        upstreams = GatewayUpstreams.start(REPO, STATE, LOGS);
        for (String service : ports.keySet()) {
            Map<String, String> env = serviceEnv(service);
            sharedEnv.putAll(env);
            env.put("QUARKUS_HTTP_PORT", Integer.toString(ports.get(service)));
            services.put(service, new ServiceProcess(service, ports.get(service), jarOf(service), env, LOGS));
        }
        for (ServiceProcess s : services.values()) {
            s.start();
        }
        for (ServiceProcess s : services.values()) {
            s.awaitReady(READY);
        }
    }

    /** What the system tests add to the shared definition of a service. */
    private static Map<String, String> testSettings(String service) {
        String upstreamsFile = GatewayUpstreams.file(STATE).toString();
        switch (service) {
            case "worker-pool":
                // three operations at once: WorkerOwnerLossE2E kills the worker while three executions run
                return Map.of(
                        "TASKGATE_WORKER_CHILDREN",
                        "3",
                        "TASKGATE_PLUGINS_DIRECTORY",
                        pluginsDirectory().toString(),
                        "TASKGATE_UPSTREAMS_FILE",
                        upstreamsFile,
                        "TASKGATE_UPSTREAMS_ALLOW_PRIVATE_NETWORKS",
                        "true",
                        "TASKGATE_WORKER_UPSTREAM_TOOLS_REFRESH",
                        "1s");
            case "webhook-dispatcher":
                return webhookDispatcherSettings();
            case "job-control":
                return Map.of(
                        "TASKGATE_PLUGINS_DIRECTORY",
                        pluginsDirectory().toString(),
                        "TASKGATE_UPSTREAMS_FILE",
                        upstreamsFile,
                        "TASKGATE_UPSTREAMS_ALLOW_PRIVATE_NETWORKS",
                        "true",
                        "JOBCTL_UPSTREAMS_RETRY_INTERVAL",
                        "2s",
                        // McpTaskTtlE2E sees a task expire without waiting the usual shortest TTL (1 min)
                        "JOBCTL_TASK_VISIBILITY_MIN_TTL",
                        "5s");
            default:
                return Map.of(
                        "TASKGATE_PLUGINS_DIRECTORY",
                        pluginsDirectory().toString(),
                        "TASKGATE_FRONTEND_UPSTREAM_TOOLS_REFRESH",
                        "1s");
        }
    }

    /**
     * The stack's plug-in directory (docs/plugins.md), given to every service that reads the catalog: the example
     * plug-in {@code examples/hoi4-pack} as its build packaged it.
     */
    public static Path pluginsDirectory() {
        return STATE.resolve("plugins");
    }

    private static void installExamplePlugin() throws IOException {
        Path target = REPO.resolve("examples/hoi4-pack/target");
        Path jar;
        try (var files = Files.list(target)) {
            jar = files.filter(f -> f.getFileName().toString().matches("hoi4-pack-[^-]+(-SNAPSHOT)?\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no hoi4-pack jar in " + target));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalStateException(target + " is missing: package examples/hoi4-pack first", e);
        }
        Files.createDirectories(pluginsDirectory());
        Files.copy(
                jar, pluginsDirectory().resolve(jar.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * The dispatcher's settings for system tests: loopback and plain HTTP destinations allowed (the test receivers
     * listen on 127.0.0.1), and a schedule of seconds instead of hours.
     */
    private static Map<String, String> webhookDispatcherSettings() {
        return Map.of(
                "TASKGATE_WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS", "true",
                "TASKGATE_WEBHOOKS_ALLOW_HTTP_DESTINATIONS", "true",
                "TASKGATE_WEBHOOKS_REQUEST_TIMEOUT", "2s",
                "TASKGATE_WEBHOOKS_CLAIM_LEASE", "4s",
                "TASKGATE_WEBHOOKS_POLL_INTERVAL", "200ms",
                "TASKGATE_WEBHOOKS_RETRY_SCHEDULE", "0s,1s,1s,2s,2s,3s,3s,5s,5s,5s",
                "TASKGATE_WEBHOOKS_RETRY_JITTER", "0.2");
    }

    /**
     * Starts one more instance of a packaged service (e.g. a second job-control) with the stack's settings on a port
     * of its own, waits until it is ready, and stops it with the stack. Idempotent per {@code name}.
     */
    public synchronized ServiceProcess startExtra(String service, String name) throws Exception {
        return startExtra(service, name, Map.of());
    }

    /**
     * A second mcp-frontend replica with the stack's settings, for the tests that need two: started by the first that
     * asks and shared by the others (a service's start costs seconds of CPU on a busy machine); stopped with the stack.
     * A test must leave it serving.
     */
    public ServiceProcess secondFrontend() throws Exception {
        return startExtra("mcp-frontend", "mcp-frontend-b");
    }

    /** As {@link #startExtra(String, String)}, with {@code settings} (environment variables) on top of the stack's. */
    public synchronized ServiceProcess startExtra(String service, String name, Map<String, String> settings)
            throws Exception {
        ServiceProcess existing = extras.get(name);
        if (existing != null) {
            return existing;
        }
        Map<String, String> env = serviceEnv(service);
        env.putAll(settings);
        ServiceProcess extra = new ServiceProcess(name, LoopbackPorts.reserve(), jarOf(service), env, LOGS);
        extras.put(name, extra);
        extra.start();
        extra.awaitReady(READY);
        return extra;
    }

    /**
     * Starts one more instance of a packaged service with {@code settings} on top of the stack's and returns at once,
     * without waiting for it to become ready (e.g. to watch it refuse to start); stopped with the stack.
     */
    public synchronized ServiceProcess spawn(String service, String name, Map<String, String> settings)
            throws Exception {
        Map<String, String> env = serviceEnv(service);
        env.putAll(settings);
        ServiceProcess extra = new ServiceProcess(name, LoopbackPorts.reserve(), jarOf(service), env, LOGS);
        extras.put(name, extra);
        extra.start();
        return extra;
    }

    /** The extra instances started so far (e.g. to pause them while a test needs only its own instances). */
    public synchronized java.util.List<ServiceProcess> extras() {
        return java.util.List.copyOf(extras.values());
    }

    /**
     * The settings {@code service} runs with in this stack (the shared definition and the system tests' own),
     * without its HTTP and management ports: for one more instance, or a process of its own such as the stdio
     * frontend.
     */
    public Map<String, String> serviceEnv(String service) throws IOException {
        Map<String, String> env = new HashMap<>(definition.of(service));
        env.putAll(testSettings(service));
        env.remove("QUARKUS_HTTP_PORT");
        env.remove("QUARKUS_MANAGEMENT_PORT");
        return env;
    }

    private static Path jarOf(String service) {
        return REPO.resolve("services").resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
    }

    @Override
    public void close() {
        // frontend first, job-control last: nothing should be left waiting on a stopped peer
        try {
            for (ServiceProcess s : extras.values()) {
                s.stop();
            }
            var reversed = new java.util.ArrayList<>(services.values());
            java.util.Collections.reverse(reversed);
            for (ServiceProcess s : reversed) {
                s.stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the local stack", e);
        } finally {
            if (upstreams != null) {
                upstreams.close();
            }
            running = null;
        }
    }
}
