package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.TestInfra;
import dev.taskgate.testsupport.Tokens;

/**
 * The services' settings as {@code bin/lib/service-env.sh} defines them for every way of starting Taskgate on one
 * machine (the local stack, the conformance run, these system tests): the system tests read them from the script
 * instead of keeping a copy that could drift. The state folder holds the keys the script makes; the JWT key pair
 * is the test-only one of {@code libs/test-support}, so that {@link Tokens} signs what the services accept, and the
 * database passwords and Kafka passwords are the development ones the test infrastructure gives the services'
 * roles ({@link DevDatabaseRoles}) and users ({@link TestInfra#kafkaDevPassword}).
 */
final class ServiceEnv {
    private final Path repo;
    private final Path state;
    private final Map<String, String> inputs;

    private ServiceEnv(Path repo, Path state, Map<String, String> inputs) {
        this.repo = repo;
        this.state = state;
        this.inputs = inputs;
    }

    /**
     * Prepares {@code state} (keys, rewrite sandbox, the workspace {@code acme/demo}) for services on the given
     * ports, against the test infrastructure's PostgreSQL ({@code database}) and Kafka (topics with {@code prefix}).
     */
    static ServiceEnv prepare(Path repo, Path state, Map<String, Integer> ports, String database, String prefix)
            throws IOException {
        return prepare(repo, state, ports, TestInfra.pgPort(), TestInfra.kafkaPort(), database, prefix);
    }

    /**
     * As {@link #prepare(Path, Path, Map, String, String)}, against the PostgreSQL and Kafka on the given ports (a
     * test's own, set up like the test infrastructure: {@link PrivateInfra}).
     */
    static ServiceEnv prepare(
            Path repo,
            Path state,
            Map<String, Integer> ports,
            int pgPort,
            int kafkaPort,
            String database,
            String prefix)
            throws IOException {
        // fresh keys for every run: keys kept from a run of an older version (another key format) would not match
        deleteRecursively(state.resolve("keys"));
        Path keys = Files.createDirectories(state.resolve("keys"));
        Files.writeString(keys.resolve("jwt-public.pem"), Tokens.publicKeyPem());
        Files.writeString(keys.resolve("jwt-private.pem"), Tokens.privateKeyPem());
        // the test infrastructure's database roles have the development passwords (bin/lib/postgres.sh)
        Files.writeString(keys.resolve("pg-jobctl-password"), DevDatabaseRoles.JOBCTL.password() + "\n");
        Files.writeString(keys.resolve("pg-webhooks-password"), DevDatabaseRoles.WEBHOOKS.password() + "\n");
        // the test broker's users have the development passwords (bin/test-infra), not ones the script would make
        for (String service : List.of("mcp-frontend", "job-control", "worker-pool", "webhook-dispatcher")) {
            Files.writeString(keys.resolve("kafka-" + service + ".password"), TestInfra.kafkaDevPassword(service));
        }
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("TASKGATE_RUN_STATE", state.toString());
        inputs.put("TASKGATE_RUN_KAFKA_PORT", Integer.toString(kafkaPort));
        inputs.put("TASKGATE_RUN_PG_PORT", Integer.toString(pgPort));
        inputs.put("TASKGATE_RUN_PG_DATABASE", database);
        inputs.put("TASKGATE_RUN_TOPIC_PREFIX", prefix);
        inputs.put(
                "TASKGATE_RUN_PORTS",
                ports.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(" ")));
        ServiceEnv env = new ServiceEnv(repo, state, inputs);
        env.run("prepare");
        return env;
    }

    /** The settings of {@code service}, as NAME → value. */
    Map<String, String> of(String service) throws IOException {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String line : run("env", service).split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                settings.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return settings;
    }

    Path state() {
        return state;
    }

    private String run(String... arguments) throws IOException {
        List<String> command = new java.util.ArrayList<>(
                List.of("bash", repo.resolve("bin/lib/service-env.sh").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(inputs);
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("bin/lib/service-env.sh " + String.join(" ", arguments) + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running bin/lib/service-env.sh", e);
        }
        return out;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
