package dev.taskgate.e2e;

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
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * The pinned {@code @modelcontextprotocol/server-everything} of tools/upstream-fixtures/npm over Streamable HTTP on
 * a free loopback port, started the way that module's {@code UpstreamServers} starts it (duplicated: this module
 * depends on the fixtures module for its build order only). Needs {@code node} and the packages installed ({@code npm
 * ci} in tools/upstream-fixtures/npm, which that module's tests do); ended by its PID.
 */
final class EverythingUpstream implements AutoCloseable {
    private final Process process;
    private final URI url;

    private EverythingUpstream(Process process, URI url) {
        this.process = process;
        this.url = url;
    }

    static EverythingUpstream start() throws IOException {
        Path npm = LocalStack.repo().resolve("tools/upstream-fixtures/npm");
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
        URI url = URI.create("http://127.0.0.1:" + port + "/mcp");
        HttpClient http = HttpClient.newHttpClient();
        try {
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException("server-everything exited with " + process.exitValue());
                }
                http.send(HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.discarding());
                return true;
            });
        } catch (RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
        return new EverythingUpstream(process, url);
    }

    URI url() {
        return url;
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
    }
}
