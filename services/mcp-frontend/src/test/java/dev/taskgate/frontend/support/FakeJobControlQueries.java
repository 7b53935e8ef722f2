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

import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.InvalidAssertionException;
import dev.taskgate.testsupport.DevServiceKeys;

/**
 * The test playing job-control's internal query API: a JDK HTTP server on a random loopback port answering
 * {@code GET /internal/v1/executions/...}, the operator API {@code /internal/v1/operator/...} and the federated reads
 * {@code POST /internal/v1/upstream-features} with canned
 * responses (404 for anything not set, except 204 for recording an operator audit entry), recording every request
 * with its caller headers.
 */
public final class FakeJobControlQueries {
    /** One request as received ({@code route} is the operator API's {@code Taskgate-Route} header). */
    public record Request(
            String path, String principal, String workspace, String method, String query, String route, String body) {
        /** A body-less GET without a query or route header, as the execution queries send. */
        public Request(String path, String principal, String workspace) {
            this(path, principal, workspace, "GET", null, null, "");
        }
    }

    private record Canned(int status, byte[] body) {}

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
        server.createContext("/internal/v1/operator", this::handle);
        server.createContext("/internal/v1/mcp-sessions", this::handle);
        server.createContext("/internal/v1/artifacts", this::handle);
        server.createContext("/internal/v1/receipts", this::handle);
        server.createContext("/internal/v1/upstream-features", this::handle);
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

    /** Answers {@code method} on {@code path} with this status and body (takes precedence over {@link #answer}). */
    public void answer(String method, String path, int status, byte[] body) {
        responses.put(method + " " + path, new Canned(status, body));
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
            byte[] body = exchange.getRequestBody().readAllBytes();
            // the caller comes from the signed assertion only, as in job-control
            CallerAssertion caller = verified(exchange, body);
            if (caller == null) {
                exchange.sendResponseHeaders(401, -1);
                return;
            }
            String principal = caller.principal();
            String workspace = caller.workspace();
            requests.add(new Request(
                    path,
                    principal,
                    workspace,
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getRawQuery(),
                    caller.route(),
                    new String(body, java.nio.charset.StandardCharsets.UTF_8)));
            Canned fallback = "/internal/v1/operator/audit".equals(path) && "POST".equals(exchange.getRequestMethod())
                    ? new Canned(204, new byte[0])
                    : new Canned(404, "{\"status\":404}".getBytes());
            Canned canned = responses.getOrDefault(
                    exchange.getRequestMethod() + " " + path, responses.getOrDefault(path, fallback));
            FakeSessions.Answer session =
                    FakeSessions.get().answer(exchange.getRequestMethod(), path, principal, workspace, body);
            if (session != null) {
                canned = new Canned(session.status(), session.body());
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            if (canned.status() == 204) {
                exchange.sendResponseHeaders(204, -1);
                return;
            }
            exchange.sendResponseHeaders(canned.status(), canned.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(canned.body());
            }
        }
    }

    private static CallerAssertion verified(HttpExchange exchange, byte[] body) {
        String query = exchange.getRequestURI().getRawQuery();
        String path = exchange.getRequestURI().getRawPath();
        try {
            return DevServiceKeys.verifier()
                    .verify(
                            exchange.getRequestHeaders().getFirst(CallerAssertion.HEADER),
                            exchange.getRequestMethod(),
                            query == null ? path : path + "?" + query,
                            body);
        } catch (InvalidAssertionException e) {
            System.err.println("fake job-control refused an unsigned or badly signed call: " + e.getMessage());
            return null;
        }
    }
}
