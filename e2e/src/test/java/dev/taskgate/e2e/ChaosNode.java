package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * One service instance of the chaos cluster: a fixed name and loopback port, started, SIGKILLed and started again.
 * Every start gets a fresh {@code TASKGATE_INSTANCE_ID} (a restarted process is a new instance, as in production),
 * so the test knows which worker id owned what when it kills a worker.
 */
final class ChaosNode {
    /** The service kinds the killer picks from. */
    enum Kind {
        WORKER("worker-pool"),
        JOB_CONTROL("job-control"),
        FRONTEND("mcp-frontend");

        final String service;

        Kind(String service) {
            this.service = service;
        }
    }

    // six services starting at once on a loaded 2-core machine (beside another stack) took over 3 minutes
    private static final Duration READY = Duration.ofSeconds(360);

    private final Kind kind;
    private final String name;
    private final int port;
    private final Map<String, String> env;
    private final Path jar;
    private final Path logs;
    private ServiceProcess process;
    private String instanceId;
    private volatile boolean up;

    ChaosNode(Kind kind, String name, int port, Map<String, String> env) {
        this.kind = kind;
        this.name = name;
        this.port = port;
        this.env = Map.copyOf(env);
        this.jar = LocalStack.repo()
                .resolve("services")
                .resolve(kind.service)
                .resolve("target/quarkus-app/quarkus-run.jar");
        this.logs = LocalStack.repo().resolve("e2e/target/e2e-logs");
    }

    Kind kind() {
        return kind;
    }

    String name() {
        return name;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** Started and answered its readiness check, and not killed since. */
    boolean isUp() {
        return up;
    }

    /** The instance id of the current (or last) process. */
    synchronized String instanceId() {
        return instanceId;
    }

    /** Starts a new process under a fresh instance id and waits until it is ready. */
    void start() throws IOException, InterruptedException {
        ServiceProcess started;
        synchronized (this) {
            if (process != null && up) {
                throw new IllegalStateException(name + " is running");
            }
            instanceId = name + "-" + UUID.randomUUID();
            Map<String, String> withId = new HashMap<>(env);
            withId.put("TASKGATE_INSTANCE_ID", instanceId);
            process = new ServiceProcess(name, port, jar, withId, logs);
            process.start();
            started = process;
        }
        started.awaitReady(READY);
        up = true;
    }

    /** Waits until the running process answers its readiness check again (after a dependency came back). */
    void awaitReady(Duration timeout) throws IOException, InterruptedException {
        ServiceProcess running;
        synchronized (this) {
            running = process;
        }
        running.awaitReady(timeout);
    }

    /** SIGKILL; returns the instance id the killed process ran under. */
    synchronized String kill() throws InterruptedException {
        up = false;
        if (process != null) {
            process.kill();
        }
        return instanceId;
    }

    /** TERM (then KILL) at the end of the test. */
    synchronized void stop() throws InterruptedException {
        up = false;
        if (process != null) {
            process.stop();
        }
    }
}
