package dev.taskgate.worker;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.contracts.artifact.ArtifactMetadata;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.InvalidAssertionException;
import dev.taskgate.testsupport.DevServiceKeys;

/**
 * A real HTTP server on loopback standing in for job-control's internal artifact API
 * ({@code GET /internal/v1/artifacts/by-key}); job-control itself is another service and cannot run in this module.
 * Tests put artifacts with {@link #retain}; anything else answers 404 like job-control.
 */
public class FakeJobControlArtifacts implements QuarkusTestResourceLifecycleManager {
    /** The frontend's public base URL the worker is given (with a trailing slash, which it drops). */
    public static final String PUBLIC_BASE_URL = "https://taskgate.example.com";

    private static final Map<String, byte[]> RETAINED = new ConcurrentHashMap<>();
    private HttpServer server;

    /** Makes {@code content} retrievable under {@code key} in {@code workspace}. */
    public static void retain(String workspace, String key, byte[] content) {
        RETAINED.put(workspace + "\n" + key, content);
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/v1/artifacts/by-key", this::byKey);
        server.start();
        return Map.of(
                "taskgate.worker.job-control-url",
                "http://127.0.0.1:" + server.getAddress().getPort(),
                "taskgate.worker.artifacts.public-base-url",
                PUBLIC_BASE_URL + "/");
    }

    private void byKey(HttpExchange exchange) throws IOException {
        Map<String, String> query = new HashMap<>();
        for (String pair : Optional.ofNullable(exchange.getRequestURI().getRawQuery())
                .orElse("")
                .split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                query.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        String workspace = query.get("workspace");
        String key = query.get("key");
        if (!signedByWorkerPoolFor(exchange, workspace)) {
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
            return;
        }
        byte[] content = workspace == null || key == null ? null : RETAINED.get(workspace + "\n" + key);
        byte[] body;
        int status;
        if (content == null) {
            status = 404;
            body = "{\"type\":\"https://taskgate.dev/problems/not-found\",\"status\":404}"
                    .getBytes(StandardCharsets.UTF_8);
        } else {
            status = 200;
            String sha = ArtifactIds.sha256Hex(content);
            String id = ArtifactIds.id(workspace, Optional.of(key), sha, "r.txt");
            Instant now = Instant.now();
            body = Wire.toBytes(new ArtifactContent(
                    new ArtifactMetadata(
                            id,
                            workspace,
                            "r.txt",
                            "text/plain",
                            sha,
                            content.length,
                            key,
                            ArtifactIds.path(workspace, id),
                            now,
                            now,
                            now.plusSeconds(3600)),
                    Base64.getEncoder().encodeToString(content)));
        }
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    // as job-control: only worker-pool's signed assertion for this request and workspace is trusted
    private static boolean signedByWorkerPoolFor(HttpExchange exchange, String workspace) {
        try {
            CallerAssertion caller = DevServiceKeys.verifier()
                    .verify(
                            exchange.getRequestHeaders().getFirst(CallerAssertion.HEADER),
                            exchange.getRequestMethod(),
                            exchange.getRequestURI().getRawPath() + "?"
                                    + exchange.getRequestURI().getRawQuery(),
                            null);
            return "worker-pool".equals(caller.issuer()) && workspace != null && workspace.equals(caller.workspace());
        } catch (InvalidAssertionException e) {
            return false;
        }
    }
}
