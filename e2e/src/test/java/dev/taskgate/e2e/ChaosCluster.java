package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The processes the chaos test kills: two worker-pools, two job-controls and two mcp-frontends, each frontend reading
 * through its own job-control (so one job-control down leaves one frontend that can answer reads). On the shared
 * {@link LocalStack} ({@link #onLocalStack}), the stack's own job-control, worker-pool and frontend (and any extra
 * instance another test started) are stopped while it runs, so that every instance doing the work is one the killer
 * may hit; they are started again afterwards for the test classes that follow. On a {@link PrivateStack}
 * ({@link #onPrivateStack}) there is nothing to pause, and the killer may restart its PostgreSQL and Kafka too.
 */
final class ChaosCluster implements AutoCloseable {
    private static final Duration READY = Duration.ofSeconds(180);
    private static final List<String> PAUSED = List.of("mcp-frontend", "worker-pool", "job-control");
    /** Children per worker: enough that a kill usually finds several executions running. */
    private static final String WORKER_CHILDREN = "3";

    /** The settings of a service on the stack the cluster runs on. */
    @FunctionalInterface
    interface Settings {
        Map<String, String> of(String service) throws IOException;
    }

    private final List<ChaosNode> nodes = new ArrayList<>();
    private final List<ServiceProcess> paused = new ArrayList<>();
    private final ChaosDb db;
    private final PrivateInfra infra;

    private ChaosCluster(Path rewriteSandbox, Settings settings, ChaosDb db, PrivateInfra infra) throws IOException {
        this.db = db;
        this.infra = infra;
        Files.createDirectories(rewriteSandbox);
        List<Integer> jobControlPorts = List.of(LoopbackPorts.reserve(), LoopbackPorts.reserve());
        for (int i = 0; i < 2; i++) {
            Map<String, String> worker = settings.of("worker-pool");
            worker.put("TASKGATE_WORKER_CHILDREN", WORKER_CHILDREN);
            worker.put("TASKGATE_WORKER_REWRITE_SANDBOX", rewriteSandbox.toString());
            nodes.add(new ChaosNode(
                    ChaosNode.Kind.WORKER, "chaos-worker-pool-" + (i + 1), LoopbackPorts.reserve(), worker));
        }
        for (int i = 0; i < 2; i++) {
            nodes.add(new ChaosNode(
                    ChaosNode.Kind.JOB_CONTROL,
                    "chaos-job-control-" + (i + 1),
                    jobControlPorts.get(i),
                    settings.of("job-control")));
        }
        for (int i = 0; i < 2; i++) {
            Map<String, String> frontend = settings.of("mcp-frontend");
            frontend.put("TASKGATE_JOB_CONTROL_URL", "http://127.0.0.1:" + jobControlPorts.get(i));
            nodes.add(new ChaosNode(
                    ChaosNode.Kind.FRONTEND, "chaos-mcp-frontend-" + (i + 1), LoopbackPorts.reserve(), frontend));
        }
    }

    /** On the shared stack of the slow tier, whose working services it pauses while it runs. */
    static ChaosCluster onLocalStack(Path rewriteSandbox) throws IOException {
        LocalStack stack = LocalStack.get();
        return new ChaosCluster(rewriteSandbox, stack::serviceEnv, new ChaosDb(LocalStack.jdbcUrl()), null);
    }

    /** On a stack of the test's own, whose PostgreSQL and Kafka the killer may restart. */
    static ChaosCluster onPrivateStack(Path rewriteSandbox, PrivateStack stack, PrivateInfra infra) throws IOException {
        return new ChaosCluster(rewriteSandbox, stack::serviceEnv, new ChaosDb(stack.jdbcUrl()), infra);
    }

    /** The cluster's database, as the chaos test reads it. */
    ChaosDb db() {
        return db;
    }

    /** The private infrastructure the cluster runs on; empty on the shared stack, whose infrastructure is shared. */
    Optional<PrivateInfra> infra() {
        return Optional.ofNullable(infra);
    }

    List<ChaosNode> nodes() {
        return List.copyOf(nodes);
    }

    List<ChaosNode> of(ChaosNode.Kind kind) {
        return nodes.stream().filter(n -> n.kind() == kind).toList();
    }

    /**
     * Stops the shared stack's working services (on the shared stack), then starts every chaos node (in parallel) and
     * waits for all.
     */
    void start() throws Exception {
        if (infra == null) {
            LocalStack stack = LocalStack.get();
            for (ServiceProcess extra : stack.extras()) {
                extra.stop();
                paused.add(extra);
            }
            for (String name : PAUSED) {
                ServiceProcess s = stack.service(name);
                s.stop();
                paused.add(s);
            }
        }
        ExecutorService starters = Executors.newFixedThreadPool(nodes.size());
        try {
            List<Future<?>> started = new ArrayList<>();
            for (ChaosNode n : nodes) {
                started.add(starters.submit(() -> {
                    n.start();
                    return null;
                }));
            }
            for (Future<?> f : started) {
                f.get();
            }
        } finally {
            starters.shutdownNow();
        }
    }

    /** Stops every chaos node and starts the paused services again (job-control first). */
    @Override
    public void close() throws IOException {
        try {
            for (ChaosNode n : nodes) {
                n.stop();
            }
            List<ServiceProcess> restart = new ArrayList<>(paused);
            Collections.reverse(restart);
            for (ServiceProcess s : restart) {
                s.restart(READY);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the chaos cluster", e);
        }
    }
}
