package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The stack the rolling-restart test rolls, shaped like a Kubernetes deployment of Taskgate: two job-controls behind a
 * {@link ConnectionBalancer} (their ClusterIP Service, which the frontends and workers call), two worker-pools, two
 * mcp-frontends (whose ready instances the test's clients pick from, as an L7 load balancer does), and two
 * webhook-dispatchers (the shared {@link LocalStack}'s and one more). Every instance this class starts has a
 * shutdown delay of {@value #SHUTDOWN_DELAY} (production: 5 s), so that readiness is DOWN for a few polls of the
 * endpoints before the server takes no new request; worker-pool keeps its production shutdown grace (15 s).
 *
 * <p>While it runs, the shared stack's job-control, worker-pool and frontend (and other tests' extra instances) are
 * stopped, so that every instance doing the work is one the rollout restarts; they are started again at the end.
 */
final class RolloutStack implements AutoCloseable {
    static final String SHUTDOWN_DELAY = "2s";
    // a rollout instance may start while the other services take requests: more time than the shared stack's start
    private static final Duration READY = LocalStack.READY.multipliedBy(2);
    private static final List<String> PAUSED = List.of("mcp-frontend", "worker-pool", "job-control");

    /** One restart of the rollout: how long the instance took to exit after SIGTERM and to be ready again. */
    record Restart(String instance, long pid, OptionalInt exitStatus, long stopMillis, long startMillis) {}

    private final List<ServiceProcess> paused = new ArrayList<>();
    private final List<ServiceProcess> started = new ArrayList<>();
    private final List<ServiceProcess> jobControls = new ArrayList<>();
    private final List<ServiceProcess> workers = new ArrayList<>();
    private final List<ServiceProcess> frontends = new ArrayList<>();
    private final List<ServiceProcess> dispatchers = new ArrayList<>();
    private ServiceEndpoints jobControlEndpoints;
    private ServiceEndpoints frontendEndpoints;
    private ServiceEndpoints dispatcherEndpoints;
    private ConnectionBalancer jobControlService;

    /** Stops the shared stack's working services, then starts the rollout's instances and waits for all. */
    void start() throws Exception {
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
        for (int i = 1; i <= 2; i++) {
            jobControls.add(instance("job-control", i, Map.of()));
        }
        // in two waves, job-control first: on a shared 2-core machine seven JVMs starting at once starve each other
        startAll(jobControls);
        jobControlEndpoints = new ServiceEndpoints("job-control", jobControls);
        jobControlService = new ConnectionBalancer("job-control", jobControlEndpoints);
        Map<String, String> callsJobControl = Map.of("TASKGATE_JOB_CONTROL_URL", jobControlService.url());
        List<ServiceProcess> rest = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            workers.add(instance("worker-pool", i, callsJobControl));
        }
        for (int i = 1; i <= 2; i++) {
            frontends.add(instance("mcp-frontend", i, callsJobControl));
        }
        dispatchers.add(stack.service("webhook-dispatcher"));
        dispatchers.add(instance("webhook-dispatcher", 2, Map.of()));
        rest.addAll(workers);
        rest.addAll(frontends);
        rest.add(dispatchers.get(1));
        startAll(rest);
        frontendEndpoints = new ServiceEndpoints("mcp-frontend", frontends);
        dispatcherEndpoints = new ServiceEndpoints("webhook-dispatcher", dispatchers);
        for (ServiceEndpoints e : List.of(jobControlEndpoints, frontendEndpoints, dispatcherEndpoints)) {
            e.awaitAllReady(READY);
        }
    }

    /** The ready frontends, for the clients. */
    ServiceEndpoints frontends() {
        return frontendEndpoints;
    }

    /** The ready webhook-dispatchers (their subscriptions API). */
    ServiceEndpoints dispatchers() {
        return dispatcherEndpoints;
    }

    /** The Service in front of job-control. */
    ConnectionBalancer jobControlService() {
        return jobControlService;
    }

    /** Every instance in the order {@code kubectl rollout restart} of each deployment in turn would replace them. */
    List<ServiceProcess> rolloutOrder() {
        List<ServiceProcess> order = new ArrayList<>();
        order.addAll(jobControls);
        order.addAll(workers);
        order.addAll(frontends);
        order.addAll(dispatchers);
        return order;
    }

    /**
     * One step of the rollout: SIGTERM to the instance's PID, wait until it exited, start it again (a new instance:
     * the services draw a fresh instance id at every start) and wait until it is ready and its service's endpoints
     * list every instance again.
     */
    Restart restart(ServiceProcess instance, Duration exitBound) throws Exception {
        long pid = instance.pid();
        long stopping = System.nanoTime();
        instance.terminate();
        OptionalInt exit = instance.awaitExit(exitBound);
        if (exit.isEmpty()) {
            throw new AssertionError(instance.name() + " (pid " + pid + ") still runs " + exitBound
                    + " after SIGTERM; see " + instance.log());
        }
        long starting = System.nanoTime();
        instance.restart(READY);
        for (ServiceEndpoints e : List.of(jobControlEndpoints, frontendEndpoints, dispatcherEndpoints)) {
            e.awaitAllReady(READY);
        }
        return new Restart(
                instance.name(),
                pid,
                exit,
                (starting - stopping) / 1_000_000,
                (System.nanoTime() - starting) / 1_000_000);
    }

    private ServiceProcess instance(String service, int ordinal, Map<String, String> settings) throws IOException {
        Map<String, String> env = LocalStack.get().serviceEnv(service);
        env.putAll(settings);
        env.put("TASKGATE_SHUTDOWN_DELAY", SHUTDOWN_DELAY);
        Path jar = LocalStack.repo().resolve("services").resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
        ServiceProcess instance = new ServiceProcess(
                "rollout-" + service + "-" + ordinal,
                LoopbackPorts.reserve(),
                jar,
                env,
                LocalStack.repo().resolve("e2e/target/rollout-logs"));
        started.add(instance);
        return instance;
    }

    private static void startAll(List<ServiceProcess> instances)
            throws IOException, InterruptedException, java.util.concurrent.ExecutionException {
        for (ServiceProcess s : instances) {
            s.start();
        }
        ExecutorService waiting = Executors.newFixedThreadPool(instances.size());
        try {
            List<Future<?>> ready = new ArrayList<>();
            for (ServiceProcess s : instances) {
                ready.add(waiting.submit(() -> {
                    s.awaitReady(READY);
                    return null;
                }));
            }
            for (Future<?> f : ready) {
                f.get();
            }
        } finally {
            waiting.shutdownNow();
        }
    }

    /** Stops the rollout's instances (all at once) and starts the paused services again. */
    @Override
    public void close() throws IOException {
        try {
            stopAndResume();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the rollout stack", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("the paused services did not start again", e.getCause());
        }
    }

    private void stopAndResume() throws IOException, InterruptedException, java.util.concurrent.ExecutionException {
        for (ServiceEndpoints e :
                new ServiceEndpoints[] {frontendEndpoints, dispatcherEndpoints, jobControlEndpoints}) {
            if (e != null) {
                e.close();
            }
        }
        for (ServiceProcess s : started) {
            s.terminate();
        }
        for (ServiceProcess s : started) {
            s.stop();
        }
        if (jobControlService != null) {
            jobControlService.close();
        }
        List<ServiceProcess> again = new ArrayList<>(paused);
        // a rollout step that failed half-way may have left the shared dispatcher stopped
        ServiceProcess dispatcher = LocalStack.get().service("webhook-dispatcher");
        if (!dispatcher.isRunning()) {
            again.add(dispatcher);
        }
        startAll(again);
    }
}
