package dev.taskgate.jobctl;

import java.io.BufferedReader;
import java.io.File;
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

import dev.taskgate.contracts.Wire;
import dev.taskgate.testsupport.RepositoryRoot;

/**
 * tools/upstream-fixtures' CountingUpstream (or StatelessUpstream) as a process of its own (its {@code main}), so that its Jetty and MCP SDK
 * jars stay off this module's test classpath (worker-pool's tests start it the same way). Needs that module built (its
 * {@code target/classes} and {@code target/runtime-classpath.txt}). Ended by its process handle.
 */
final class CountingUpstreamProcess implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final Process process;
    private final URI url;

    private CountingUpstreamProcess(Process process, URI url) {
        this.process = process;
        this.url = url;
    }

    static CountingUpstreamProcess start() throws Exception {
        return start("dev.taskgate.upstream.fixtures.CountingUpstream");
    }

    /** The fixture StatelessUpstream (2026-07-28, the tasks extension) as a process of its own. */
    static CountingUpstreamProcess startStateless() throws Exception {
        return start("dev.taskgate.upstream.fixtures.StatelessUpstream");
    }

    /** The fixture SuiteFeaturesUpstream (resources, prompts and a completion, no tools) as a process of its own. */
    static CountingUpstreamProcess startSuiteFeatures() throws Exception {
        return start("dev.taskgate.upstream.fixtures.SuiteFeaturesUpstream");
    }

    private static CountingUpstreamProcess start(String mainClass) throws Exception {
        Path module = RepositoryRoot.find().resolve("tools/upstream-fixtures/target");
        Path classes = module.resolve("classes");
        Path classpathFile = module.resolve("runtime-classpath.txt");
        if (!Files.isDirectory(classes) || !Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException("build tools/upstream-fixtures first (./mvnw install -DskipTests): no "
                    + classes + " or " + classpathFile);
        }
        String classpath =
                classes + File.pathSeparator + Files.readString(classpathFile).strip();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(List.of(
                        java.toString(),
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-cp",
                        classpath,
                        mainClass,
                        "0"))
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
        return get("/counts").path(tool).asInt(0);
    }

    /** How many {@code GET} streams were opened so far. */
    int streamsOpened() throws Exception {
        return get("/streams").path("opened").asInt();
    }

    /** How many {@code GET} streams are open now. */
    int streamsOpen() throws Exception {
        return get("/streams").path("open").asInt();
    }

    /** Ends every open {@code GET} stream, as a dropped connection would. */
    void endStreams() throws Exception {
        expect(204, HttpRequest.newBuilder(url.resolve("/streams")).DELETE());
    }

    /** From now on the upstream answers 404 to every session it has seen, as after a restart. */
    void forgetSessions() throws Exception {
        expect(204, post("/forget-sessions"));
    }

    /** Adds a tool that answers like echo; the upstream announces the change on its open streams. */
    void addTool(String name) throws Exception {
        expect(204, post("/tool-list?add=" + name));
    }

    /** Removes a tool; the upstream announces the change on its open streams. */
    void removeTool(String name) throws Exception {
        expect(204, post("/tool-list?remove=" + name));
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

    private JsonNode get(String path) throws Exception {
        HttpResponse<byte[]> answer = HTTP.send(
                HttpRequest.newBuilder(url.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        return Wire.fromBytes(answer.body(), JsonNode.class);
    }

    private HttpRequest.Builder post(String pathAndQuery) {
        return HttpRequest.newBuilder(url.resolve(pathAndQuery)).POST(HttpRequest.BodyPublishers.noBody());
    }

    private static void expect(int status, HttpRequest.Builder request) throws Exception {
        HttpResponse<Void> answer = HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding());
        if (answer.statusCode() != status) {
            throw new IllegalStateException(request.build().uri() + " answered " + answer.statusCode());
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
