package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.taskgate.testsupport.TestInfra;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.McpTestClient;

/**
 * Starts the four packaged services once per test JVM, as processes against the PostgreSQL and Kafka
 * that {@code bin/test} started (database {@code taskgate_e2e}, topics without prefix), and stops them
 * after the last test class. Use with {@code @ExtendWith(LocalStack.class)}.
 */
public final class LocalStack implements BeforeAllCallback, ExtensionContext.Store.CloseableResource {
    private static final Path REPO = Path.of(System.getProperty("taskgate.repo.root", ".."))
            .toAbsolutePath()
            .normalize();
    private static final Path LOGS = REPO.resolve("e2e/target/e2e-logs");
    private static LocalStack running;

    private final Map<String, ServiceProcess> services = new LinkedHashMap<>();
    private final Map<String, ServiceProcess> extras = new LinkedHashMap<>();
    private final Map<String, String> sharedEnv = new HashMap<>();

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
            if (running == null) {
                LocalStack stack = new LocalStack();
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(LocalStack.class.getName(), stack);
                stack.start();
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

    /** The environment every service was started with (broker, job-control URL, keys), e.g. for a stdio frontend. */
    public Map<String, String> sharedEnv() {
        return Map.copyOf(sharedEnv);
    }

    /** The repository root (for test helpers that live beside the Java tests). */
    public static Path repo() {
        return REPO;
    }

    /**
     * Root {@code name} ({@code src} or {@code docs}) of workspace {@code acme/demo}, which the worker registers
     * through environment variables (the named-entry form: {@code TASKGATE_WORKER_WORKSPACES_DEMO_ID}).
     */
    public static Path workspaceRoot(String name) {
        return REPO.resolve("e2e/target/workspace/" + name);
    }

    /** The directory demo.rewrite works in (the worker's {@code taskgate.worker.rewrite.sandbox}). */
    public static Path rewriteSandbox() {
        return REPO.resolve("e2e/target/rewrite-sandbox");
    }

    /** A service process by name, e.g. to stop or restart it in a test. */
    public ServiceProcess service(String name) {
        return services.get(name);
    }

    private void start() throws Exception {
        Path keyDir = Files.createDirectories(REPO.resolve("e2e/target/e2e-keys"));
        Path publicKey = keyDir.resolve("jwt-public.pem");
        Files.writeString(publicKey, Tokens.publicKeyPem());
        byte[] handleKey = new byte[32];
        new SecureRandom().nextBytes(handleKey);

        int jobControlPort = freePort();
        Map<String, String> env = new HashMap<>();
        env.put("TASKGATE_KAFKA_BOOTSTRAP", TestInfra.kafkaBootstrap());
        env.put("TASKGATE_PG_PORT", Integer.toString(TestInfra.pgPort()));
        env.put("TASKGATE_PG_DATABASE", "taskgate_e2e");
        env.put("TASKGATE_JOB_CONTROL_URL", "http://127.0.0.1:" + jobControlPort);
        env.put("TASKGATE_HANDLES_KEY", Base64.getEncoder().encodeToString(handleKey));
        byte[] payloadKey = new byte[32];
        new SecureRandom().nextBytes(payloadKey);
        env.put("JOBCTL_PAYLOAD_KEYS", "e2e-1:" + Base64.getEncoder().encodeToString(payloadKey));
        env.put("MP_JWT_VERIFY_PUBLICKEY_LOCATION", "file:" + publicKey);
        byte[] checkpointKey = new byte[32];
        new SecureRandom().nextBytes(checkpointKey);
        env.put("TASKGATE_CHECKPOINT_KEY", Base64.getEncoder().encodeToString(checkpointKey));

        sharedEnv.putAll(env);
        add("job-control", jobControlPort, env);
        int frontendPort = freePort();
        Map<String, String> workerEnv = new HashMap<>(env);
        // results link artifacts with absolute URIs on the frontend
        workerEnv.put("TASKGATE_WORKER_ARTIFACTS_PUBLIC_BASE_URL", "http://127.0.0.1:" + frontendPort);
        // three operations at once: WorkerOwnerLossE2E kills the worker while three executions run
        workerEnv.put("TASKGATE_WORKER_CHILDREN", "3");
        workerEnv.put(
                "TASKGATE_WORKER_REWRITE_SANDBOX",
                Files.createDirectories(rewriteSandbox()).toString());
        workerEnv.put("TASKGATE_WORKER_WORKSPACES_DEMO_ID", "acme/demo");
        workerEnv.put(
                "TASKGATE_WORKER_WORKSPACES_DEMO_ROOTS",
                Files.createDirectories(workspaceRoot("src")) + "," + "docs="
                        + Files.createDirectories(workspaceRoot("docs")));
        add("worker-pool", freePort(), workerEnv);
        add("webhook-dispatcher", freePort(), webhookDispatcherEnv(env));
        add("mcp-frontend", frontendPort, env);
        for (ServiceProcess s : services.values()) {
            s.start();
        }
        for (ServiceProcess s : services.values()) {
            s.awaitReady(Duration.ofSeconds(120));
        }
    }

    /**
     * The dispatcher's settings for system tests: a random encryption key for secrets at rest, loopback and plain
     * HTTP destinations allowed (the test receivers listen on 127.0.0.1), and a schedule of seconds instead of hours.
     */
    private static Map<String, String> webhookDispatcherEnv(Map<String, String> shared) {
        Map<String, String> env = new HashMap<>(shared);
        byte[] secretKey = new byte[32];
        new SecureRandom().nextBytes(secretKey);
        env.put("TASKGATE_WEBHOOKS_SECRET_KEY", Base64.getEncoder().encodeToString(secretKey));
        env.put("TASKGATE_WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS", "true");
        env.put("TASKGATE_WEBHOOKS_ALLOW_HTTP_DESTINATIONS", "true");
        env.put("TASKGATE_WEBHOOKS_REQUEST_TIMEOUT", "2s");
        env.put("TASKGATE_WEBHOOKS_CLAIM_LEASE", "4s");
        env.put("TASKGATE_WEBHOOKS_POLL_INTERVAL", "200ms");
        env.put("TASKGATE_WEBHOOKS_RETRY_SCHEDULE", "0s,1s,1s,2s,2s,3s,3s,5s,5s,5s");
        env.put("TASKGATE_WEBHOOKS_RETRY_JITTER", "0.2");
        return env;
    }

    /**
     * Starts one more instance of a packaged service (e.g. a second job-control) with the stack's settings on a port
     * of its own, waits until it is ready, and stops it with the stack. Idempotent per {@code name}.
     */
    public synchronized ServiceProcess startExtra(String service, String name) throws Exception {
        return startExtra(service, name, Map.of());
    }

    /** As {@link #startExtra(String, String)}, with {@code settings} (environment variables) on top of the stack's. */
    public synchronized ServiceProcess startExtra(String service, String name, Map<String, String> settings)
            throws Exception {
        ServiceProcess existing = extras.get(name);
        if (existing != null) {
            return existing;
        }
        Path jar = REPO.resolve("services").resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
        Map<String, String> env = new HashMap<>(sharedEnv);
        env.putAll(settings);
        ServiceProcess extra = new ServiceProcess(name, freePort(), jar, env, LOGS);
        extras.put(name, extra);
        extra.start();
        extra.awaitReady(Duration.ofSeconds(120));
        return extra;
    }

    /** The extra instances started so far (e.g. to pause them while a test needs only its own instances). */
    public synchronized java.util.List<ServiceProcess> extras() {
        return java.util.List.copyOf(extras.values());
    }

    private void add(String name, int port, Map<String, String> env) {
        Path jar = REPO.resolve("services").resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
        services.put(name, new ServiceProcess(name, port, jar, env, LOGS));
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws Exception {
        // frontend first, job-control last: nothing should be left waiting on a stopped peer
        for (ServiceProcess s : extras.values()) {
            s.stop();
        }
        var reversed = new java.util.ArrayList<>(services.values());
        java.util.Collections.reverse(reversed);
        for (ServiceProcess s : reversed) {
            s.stop();
        }
        running = null;
    }
}
