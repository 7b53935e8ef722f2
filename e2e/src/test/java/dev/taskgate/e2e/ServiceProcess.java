package dev.taskgate.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One packaged Taskgate service (its {@code quarkus-run.jar}) running as a real operating-system process
 * on a loopback port, with its output in {@code e2e/target/e2e-logs/<name>.log}. Its health checks are served on a
 * second loopback port of its own, the management interface, which stays the same across restarts.
 */
final class ServiceProcess {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final int port;
    private final int managementPort;
    private final Path jar;
    private final Map<String, String> env;
    private final Path log;
    private Process process;

    ServiceProcess(String name, int port, Path jar, Map<String, String> env, Path logDir) {
        this.name = name;
        this.port = port;
        this.managementPort = LoopbackPorts.reserve();
        this.jar = jar;
        this.env = Map.copyOf(env);
        this.log = logDir.resolve(name + ".log");
    }

    String name() {
        return name;
    }

    int port() {
        return port;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The management interface: {@code /q/health/...}. */
    String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    /** The file the process's output goes to. */
    Path log() {
        return log;
    }

    /** Waits up to {@code timeout} for the process to exit; its exit status, or empty while it still runs. */
    java.util.OptionalInt awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)
                ? java.util.OptionalInt.of(process.exitValue())
                : java.util.OptionalInt.empty();
    }

    long pid() {
        return process.pid();
    }

    /** Starts the process; returns at once (see {@link #awaitReady(Duration)}). */
    void start() throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(
                    jar + " is missing: package the services first (the reactor does it before e2e)");
        }
        Files.createDirectories(log.getParent());
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx256m",
                "-jar",
                jar.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        pb.environment().put("QUARKUS_MANAGEMENT_HOST", "127.0.0.1");
        pb.environment().put("QUARKUS_MANAGEMENT_PORT", Integer.toString(managementPort));
        process = pb.start();
    }

    /** Waits until {@code /q/health/ready} answers 200 on the management port; fails early if the process exits. */
    void awaitReady(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(managementUrl() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2))
                .build();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see " + log);
            }
            try {
                if (HTTP.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYetListening) {
                // the port opens a few seconds after the JVM starts
            }
            process.waitFor(250, TimeUnit.MILLISECONDS);
        }
        throw new IllegalStateException(name + " not ready within " + timeout + "; see " + log);
    }

    /** SIGKILL (no shutdown hooks, nothing flushed), waiting until the process is gone. */
    void kill() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** Starts the process again on the same port and waits until it is ready. */
    void restart(Duration readyTimeout) throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(name + " is still running");
        }
        start();
        awaitReady(readyTimeout);
    }

    /** Whether the process was started and has not exited. */
    boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** SIGTERM to this process's PID, without waiting (see {@link #awaitExit(Duration)}). */
    void terminate() {
        if (isRunning()) {
            process.destroy();
        }
    }

    /** TERM, then KILL after 20 s: only this process, by its handle. */
    void stop() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
