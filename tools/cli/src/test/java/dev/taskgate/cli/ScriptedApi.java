package dev.taskgate.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server on loopback that answers each "METHOD path" with the next of its scripted answers (the last
 * one repeats), and records every request. Stands in for the deployment in the command tests.
 */
final class ScriptedApi implements AutoCloseable {
    /** One answer. */
    record Answer(int status, String contentType, String body) {}

    /** One request as received; {@code clientPort} names the connection it came on. */
    record Received(String method, String path, Map<String, List<String>> headers, String body, int clientPort) {}

    private final HttpServer server;
    private final Map<String, Deque<Answer>> script = new ConcurrentHashMap<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    ScriptedApi() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    ScriptedApi on(String methodAndPath, int status, String body) {
        return on(methodAndPath, status, status >= 400 ? "application/problem+json" : "application/json", body);
    }

    ScriptedApi on(String methodAndPath, int status, String contentType, String body) {
        script.computeIfAbsent(methodAndPath, k -> new ArrayDeque<>()).add(new Answer(status, contentType, body));
        return this;
    }

    List<Received> received() {
        return received;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String key =
                exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath();
        received.add(new Received(
                exchange.getRequestMethod(),
                exchange.getRequestURI().toString(),
                exchange.getRequestHeaders(),
                body,
                exchange.getRemoteAddress().getPort()));
        Deque<Answer> answers = script.get(key);
        Answer answer = answers == null
                ? new Answer(404, "text/plain", "nothing scripted for " + key)
                : answers.size() > 1 ? answers.poll() : answers.peek();
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", answer.contentType());
        exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
