package dev.taskgate.frontend.support;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The test playing job-control's internal query API: a JDK HTTP server on a random loopback port answering
 * {@code GET /internal/v1/executions/...} with canned responses (404 for anything not set), recording every
 * request with its caller headers.
 */
public final class FakeJobControlQueries {
    /** One request as received. */
    public record Request(String path, String principal, String workspace) {
    }

    private record Canned(int status, byte[] body) {
    }

    private static final FakeJobControlQueries INSTANCE = new FakeJobControlQueries();

    private final HttpServer server;
    private final Map<String, Canned> responses = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();

    private FakeJobControlQueries() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/internal/v1/executions", this::handle);
        server.start();
    }

    /** The shared server, started on first use and stopped with the JVM. */
    public static FakeJobControlQueries get() {
        return INSTANCE;
    }

    /** Base URL for {@code taskgate.job-control.url}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Answers {@code path} with this status and body. */
    public void answer(String path, int status, byte[] body) {
        responses.put(path, new Canned(status, body));
    }

    /** Requests received so far. */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** Forgets canned answers and recorded requests. */
    public void reset() {
        responses.clear();
        requests.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            requests.add(new Request(path, exchange.getRequestHeaders().getFirst("Taskgate-Principal"),
                    exchange.getRequestHeaders().getFirst("Taskgate-Workspace")));
            Canned canned = responses.getOrDefault(path, new Canned(404, "{\"status\":404}".getBytes()));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(canned.status(), canned.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(canned.body());
            }
        }
    }
}
