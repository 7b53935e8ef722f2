package dev.taskgate.testsupport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The pinned {@code @modelcontextprotocol/server-everything} of {@code tools/upstream-fixtures/npm} over Streamable
 * HTTP on a free loopback port, started the way that module's {@code UpstreamServers} starts it (services and the
 * system tests use it from here: they do not depend on the fixtures module). Needs {@code node} and the packages
 * installed ({@code npm ci} in tools/upstream-fixtures/npm, which bin/test and that module's tests do); ended by its
 * process handle.
 */
public final class EverythingServer implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Process process;
    private final URI url;

    private EverythingServer(Process process, URI url) {
        this.process = process;
        this.url = url;
    }

    /** Starts it from the clone at {@code repository} and waits until it answers HTTP. */
    public static EverythingServer start(Path repository) throws IOException, InterruptedException {
        Path npm = repository.resolve("tools/upstream-fixtures/npm");
        Path script = npm.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("server-everything is not installed: run npm ci in " + npm
                    + " (or the tests of tools/upstream-fixtures)");
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        "node",
                        "--require",
                        npm.resolve("loopback-only.cjs").toString(),
                        script.toString(),
                        "streamableHttp"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PORT", Integer.toString(port));
        Process process = builder.start();
        EverythingServer server = new EverythingServer(process, URI.create("http://127.0.0.1:" + port + "/mcp"));
        try {
            server.awaitAnswer();
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** Its MCP endpoint. */
    public URI url() {
        return url;
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
    }

    private void awaitAnswer() throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        Instant until = Instant.now().plus(START_TIMEOUT);
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException("server-everything exited with " + process.exitValue());
            }
            try {
                http.send(
                        HttpRequest.newBuilder(url)
                                .GET()
                                .timeout(POLL.multipliedBy(10))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
                return;
            } catch (IOException e) {
                if (Instant.now().isAfter(until)) {
                    throw new IOException("server-everything did not answer on " + url + " within " + START_TIMEOUT, e);
                }
            }
            Thread.sleep(POLL.toMillis());
        }
    }
}
