package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL and a Kafka broker of one test's own, started by {@code bin/test-infra} on a state folder and ports
 * of their own, for a test that stops and starts them: the shared test infrastructure serves the other system tests
 * (and, in CI, the other lanes) at the same time and must never go away under them. Each dependency is stopped and
 * started only through {@code bin/test-infra}, which acts on this state folder's recorded PID and data directory.
 * Ports: free ones, unless the system properties {@code taskgate.outage.pg.port}, {@code taskgate.outage.kafka.port}
 * and {@code taskgate.outage.kafka.controller-port} name them.
 */
final class PrivateInfra implements AutoCloseable {
    /** How {@code pg_ctl stop} ends the server: fast (a clean checkpoint) or immediate (crash recovery at start). */
    enum PgShutdown {
        FAST,
        IMMEDIATE
    }

    private static final long SCRIPT_TIMEOUT_SECONDS = 300;

    private final Path state;
    private final Path log;
    private final int pgPort;
    private final int kafkaPort;
    private final int kafkaControllerPort;
    private boolean started;

    PrivateInfra(String name) {
        this.state = LocalStack.repo().resolve("e2e/target/" + name + "-infra");
        this.log = LocalStack.repo().resolve("e2e/target/" + name + "-logs/test-infra.log");
        this.pgPort = port("taskgate.outage.pg.port");
        this.kafkaPort = port("taskgate.outage.kafka.port");
        this.kafkaControllerPort = port("taskgate.outage.kafka.controller-port");
    }

    int pgPort() {
        return pgPort;
    }

    int kafkaPort() {
        return kafkaPort;
    }

    /** The JDBC URL of {@code database} on this PostgreSQL. */
    String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + pgPort + "/" + database;
    }

    /** Fresh data, both started, the databases, roles, topics and users made as for the shared infrastructure. */
    void start() {
        started = true;
        run("up", "--fresh");
    }

    void stopPostgres(PgShutdown mode) {
        run("stop-postgres", mode.name().toLowerCase(java.util.Locale.ROOT));
    }

    void startPostgres() {
        run("start-postgres");
    }

    /** SIGTERM to the broker (its controlled shutdown), waiting until it is gone. */
    void stopKafka() {
        run("stop-kafka");
    }

    void startKafka() {
        run("start-kafka");
    }

    @Override
    public void close() {
        if (started) {
            run("down");
        }
    }

    private void run(String... arguments) {
        List<String> command = new ArrayList<>(
                List.of("bash", LocalStack.repo().resolve("bin/test-infra").toString()));
        command.addAll(List.of(arguments));
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            pb.environment().put("TASKGATE_TEST_STATE", state.toString());
            pb.environment().put("TASKGATE_TEST_PG_PORT", Integer.toString(pgPort));
            pb.environment().put("TASKGATE_TEST_KAFKA_PORT", Integer.toString(kafkaPort));
            pb.environment().put("TASKGATE_TEST_KAFKA_CONTROLLER_PORT", Integer.toString(kafkaControllerPort));
            Process process = pb.start();
            if (!process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("bin/test-infra " + String.join(" ", arguments) + " hung; see " + log);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(
                        "bin/test-infra " + String.join(" ", arguments) + " failed; see " + log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running bin/test-infra", e);
        }
    }

    private static int port(String property) {
        String chosen = System.getProperty(property);
        if (chosen != null && !chosen.isBlank()) {
            return Integer.parseInt(chosen.strip());
        }
        return LoopbackPorts.reserve();
    }
}
