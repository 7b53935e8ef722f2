package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The packaged services on a {@link PrivateInfra} of their own (database {@code taskgate_e2e}, topics without a
 * prefix, state in {@code e2e/target/<name>-stack}, logs in {@code e2e/target/<name>-logs}), for a test that takes
 * PostgreSQL or Kafka away: nothing of the shared {@link LocalStack} or the shared test infrastructure is involved.
 * The services get the settings {@code bin/lib/service-env.sh} defines, with the test's own on top.
 */
final class PrivateStack implements AutoCloseable {
    private static final String DATABASE = "taskgate_e2e";
    // a loaded 2-core machine took 191 s to start job-control beside another stack
    private static final Duration READY = Duration.ofSeconds(360);

    private final PrivateInfra infra;
    private final Path logs;
    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private final Map<String, ServiceProcess> services = new LinkedHashMap<>();
    private final ServiceEnv definition;

    /** Prepares the state folder (keys, sandbox, workspace) for job-control, worker-pool and mcp-frontend. */
    PrivateStack(String name, PrivateInfra infra) throws IOException {
        this.infra = infra;
        Path repo = LocalStack.repo();
        this.logs = repo.resolve("e2e/target/" + name + "-logs");
        for (String service : List.of("job-control", "worker-pool", "webhook-dispatcher", "mcp-frontend")) {
            ports.put(service, LoopbackPorts.reserve());
        }
        this.definition = ServiceEnv.prepare(
                repo,
                repo.resolve("e2e/target/" + name + "-stack"),
                ports,
                infra.pgPort(),
                infra.kafkaPort(),
                DATABASE,
                "");
    }

    /** The settings {@code service} runs with on this stack, without its ports (for instances of a test's own). */
    Map<String, String> serviceEnv(String service) throws IOException {
        Map<String, String> env = new HashMap<>(definition.of(service));
        env.remove("QUARKUS_HTTP_PORT");
        env.remove("QUARKUS_MANAGEMENT_PORT");
        return env;
    }

    /** Starts job-control, worker-pool and mcp-frontend, each with {@code settings.get(service)} on top. */
    void start(Map<String, Map<String, String>> settings) throws IOException, InterruptedException {
        for (String service : List.of("job-control", "worker-pool", "mcp-frontend")) {
            Map<String, String> env = serviceEnv(service);
            env.putAll(settings.getOrDefault(service, Map.of()));
            ServiceProcess process = new ServiceProcess(service, ports.get(service), jarOf(service), env, logs);
            services.put(service, process);
            process.start();
        }
        for (ServiceProcess process : services.values()) {
            process.awaitReady(READY);
        }
    }

    String frontendUrl() {
        return services.get("mcp-frontend").baseUrl();
    }

    ServiceProcess service(String name) {
        return services.get(name);
    }

    /** The logs folder of the stack's services. */
    Path logs() {
        return logs;
    }

    /** A JDBC URL of the stack's database, for a test that reads stored rows. */
    String jdbcUrl() {
        return infra.jdbcUrl(DATABASE);
    }

    private static Path jarOf(String service) {
        return LocalStack.repo().resolve("services").resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
    }

    /** The frontend first, job-control last. */
    @Override
    public void close() {
        List<ServiceProcess> reversed = new ArrayList<>(services.values());
        Collections.reverse(reversed);
        try {
            for (ServiceProcess process : reversed) {
                process.stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the stack", e);
        }
    }
}
