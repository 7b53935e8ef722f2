package dev.taskgate.e2e;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The Node webhook receiver of {@code e2e/src/test/node/receiver.mjs} as a process: it verifies every request with
 * the {@code standardwebhooks} npm library and answers by a per-webhook-id plan. Installs its dependencies with
 * {@code npm ci} (from the committed lock file) the first time.
 */
final class NodeReceiver implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** One request as the receiver saw it. */
    record Received(
            String webhook_id,
            String webhook_timestamp,
            long received_at_ms,
            boolean verified,
            String error,
            String action,
            String body) {}

    private final Process process;
    private final int port;

    private NodeReceiver(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    private static final File DEV_NULL = new File("/dev/null");

    /**
     * Runs {@code npm ci} unless the dependencies are there, under a file lock: the fast and the slow tier run in two
     * test JVMs at once, and two installs into one folder would corrupt it.
     */
    private static void installOnce(Path repo, Path dir) throws IOException, InterruptedException {
        Path log = repo.resolve("e2e/target/npm-ci.log");
        Files.createDirectories(log.getParent());
        try (FileChannel channel = FileChannel.open(
                repo.resolve("e2e/target/npm-ci.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            channel.lock(); // released when the channel closes
            if (Files.isDirectory(dir.resolve("node_modules/standardwebhooks"))) {
                return;
            }
            // never inherit the test JVM's streams: failsafe talks to this fork over them, and node switches an
            // inherited stdin to non-blocking mode, which corrupts that channel
            Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund", "--silent")
                    .directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(DEV_NULL))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
                throw new IllegalStateException("npm ci failed in " + dir + "; see " + log);
            }
        }
    }

    /** Installs the dependencies if needed and starts a receiver on a free loopback port. */
    static NodeReceiver start(Path repo) throws IOException, InterruptedException {
        Path dir = repo.resolve("e2e/src/test/node");
        installOnce(repo, dir);
        ProcessBuilder pb = new ProcessBuilder("node", "receiver.mjs")
                .directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(DEV_NULL))
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        repo.resolve("e2e/target/node-receiver.log").toFile()));
        pb.environment().put("PORT", "0");
        Process process = pb.start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.startsWith("listening ")) {
            process.destroyForcibly();
            throw new IllegalStateException("the Node receiver did not start: " + line);
        }
        return new NodeReceiver(
                process, Integer.parseInt(line.substring("listening ".length()).trim()));
    }

    /** The URL to subscribe. */
    String url() {
        return "http://127.0.0.1:" + port + "/hook";
    }

    /** The secret to verify with. */
    void secret(String secret) {
        post("/control/secret", "{\"secret\":" + quote(secret) + "}");
    }

    /** The answers to the 1st, 2nd, … request of each webhook-id ("500", "hang", "200"); 200 afterwards. */
    void plan(String... actions) {
        try {
            post("/control/plan", JSON.writeValueAsString(java.util.Map.of("actions", List.of(actions))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every request so far. */
    List<Received> log() {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/control/log"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return JSON.readValue(r.body(), new TypeReference<List<Received>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void post(String path, String json) {
        try {
            HttpResponse<Void> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .POST(HttpRequest.BodyPublishers.ofString(json))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() != 204) {
                throw new IllegalStateException("receiver control " + path + " answered " + r.statusCode());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
