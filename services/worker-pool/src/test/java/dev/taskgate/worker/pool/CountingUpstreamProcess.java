package dev.taskgate.worker.pool;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.testsupport.RepositoryRoot;

/**
 * tools/upstream-fixtures' CountingUpstream (or, {@link #startStateless}, its 2026-07-28 StatelessUpstream) as a
 * process of its own (its {@code main}), so that its Jetty and MCP SDK jars stay off this module's test classpath; its
 * counts come from {@code GET /counts}. Needs that module built (its {@code target/classes} and
 * {@code target/runtime-classpath.txt}). CountingUpstream's {@code crash} tool halts the process.
 */
final class CountingUpstreamProcess implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Process process;
    private final URI url;

    private CountingUpstreamProcess(Process process, URI url) {
        this.process = process;
        this.url = url;
    }

    /** The classpath of tools/upstream-fixtures' servers: its classes and its runtime dependencies. */
    static String classpath() throws IOException {
        Path module = RepositoryRoot.find().resolve("tools/upstream-fixtures/target");
        Path classes = module.resolve("classes");
        Path classpathFile = module.resolve("runtime-classpath.txt");
        if (!Files.isDirectory(classes) || !Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException("build tools/upstream-fixtures first (./mvnw install -DskipTests): no "
                    + classes + " or " + classpathFile);
        }
        return classes
                + java.io.File.pathSeparator
                + Files.readString(classpathFile).strip();
    }

    /** This JVM's {@code java}. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static CountingUpstreamProcess start() throws Exception {
        return start("dev.taskgate.upstream.fixtures.CountingUpstream");
    }

    /** The fixture's stateless 2026-07-28 upstream with the tasks extension. */
    static CountingUpstreamProcess startStateless() throws Exception {
        return start("dev.taskgate.upstream.fixtures.StatelessUpstream");
    }

    private static CountingUpstreamProcess start(String mainClass) throws Exception {
        Process process = new ProcessBuilder(List.of(
                        java(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", classpath(), mainClass, "0"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = CompletableFuture.supplyAsync(() -> readLine(out)).get(60, TimeUnit.SECONDS);
            if (line == null) {
                throw new IllegalStateException(mainClass + " exited before printing its URL");
            }
            return new CountingUpstreamProcess(process, URI.create(line.strip()));
        } catch (Exception e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** The MCP endpoint. */
    URI url() {
        return url;
    }

    /** How many {@code tools/call} requests named {@code tool} so far ({@code initialize}: sessions opened). */
    int invocations(String tool) throws Exception {
        HttpResponse<String> counts = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(url.resolve("/counts")).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
        JsonNode tree = MAPPER.readTree(counts.body());
        return tree.path(tool).asInt(0);
    }

    /** From now on the upstream answers 404 to every session it has seen, as after a restart. */
    void forgetSessions() throws Exception {
        HttpResponse<Void> forgotten = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(url.resolve("/forget-sessions"))
                                .POST(HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
        if (forgotten.statusCode() != 204) {
            throw new IllegalStateException("forget-sessions answered " + forgotten.statusCode());
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static String readLine(BufferedReader out) {
        try {
            return out.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
