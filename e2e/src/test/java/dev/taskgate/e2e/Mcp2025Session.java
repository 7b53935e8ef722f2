package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 2025-era MCP client for system tests: one {@code Mcp-Session-Id} session, usable through any frontend endpoint
 * (sessions live in job-control, so no replica is special). Every answer is kept whole (status, content type, raw
 * text); an SSE answer is split into the JSON-RPC messages of its events.
 */
final class Mcp2025Session {
    static final String VERSION = "2025-11-25";
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final AtomicLong IDS = new AtomicLong(1);

    private final URI endpoint;
    private final String token;
    private final Reply initialized;

    private Mcp2025Session(URI endpoint, String token, Reply initialized) {
        this.endpoint = endpoint;
        this.token = token;
        this.initialized = initialized;
    }

    /** One answer of the frontend. */
    record Reply(int status, String contentType, String session, String text) {
        /** Whether the answer is an SSE stream. */
        boolean isStream() {
            return contentType != null && contentType.startsWith("text/event-stream");
        }

        /** The JSON-RPC messages of the answer: the body, or each SSE event's data in order. */
        List<JsonNode> messages() {
            if (!isStream()) {
                return text.isEmpty() ? List.of() : List.of(parse(text));
            }
            return new Lines(null, List.of(text.split("\n")), null).messages();
        }

        /** The JSON-RPC response: the body, or the stream's last message (the response ends the stream). */
        JsonNode json() {
            List<JsonNode> messages = messages();
            assertThat(messages).as("no JSON-RPC message in %s", this).isNotEmpty();
            return messages.get(messages.size() - 1);
        }

        /** The {@code result} member of the response. */
        JsonNode result() {
            return json().path("result");
        }

        /** The {@code result} member of a plain JSON answer as it was sent: the exact bytes, not a re-serialisation. */
        String rawResult() {
            // the envelope is the frontend's own ({"jsonrpc","id","result":…}); the result runs to the closing brace
            int start = text.indexOf("\"result\":");
            assertThat(start).as(text).isPositive();
            return text.substring(start + "\"result\":".length(), text.lastIndexOf('}'));
        }

        private static JsonNode parse(String text) {
            try {
                return JSON.readTree(text);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + text, e);
            }
        }
    }

    /**
     * {@code initialize} with {@value #VERSION} and these capabilities at {@code endpoint}, then
     * {@code notifications/initialized}; asserts both were accepted.
     */
    static Mcp2025Session open(URI endpoint, String token, ObjectNode capabilities) {
        Reply initialized = initialize(endpoint, token, VERSION, capabilities);
        assertThat(initialized.status()).as(initialized.toString()).isEqualTo(200);
        assertThat(initialized.session()).as(initialized.toString()).isNotBlank();
        Mcp2025Session session = new Mcp2025Session(endpoint, token, initialized);
        Reply ready = session.notify(endpoint, "notifications/initialized", null);
        assertThat(ready.status()).as(ready.toString()).isEqualTo(202);
        return session;
    }

    /** {@code open} with {@code capabilities.tasks.cancel} (a client that cancels tasks). */
    static Mcp2025Session open(URI endpoint, String token) {
        ObjectNode capabilities = JSON.createObjectNode();
        capabilities.putObject("tasks").putObject("cancel");
        return open(endpoint, token, capabilities);
    }

    /** A bare {@code initialize} outside any session, answered as it is. */
    static Reply initialize(URI endpoint, String token, String version, ObjectNode capabilities) {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", version);
        params.set("capabilities", capabilities);
        params.putObject("clientInfo").put("name", "taskgate-e2e").put("version", "1");
        return send(endpoint, token, message(IDS.incrementAndGet(), "initialize", params), Map.of());
    }

    /** A message outside any session (e.g. a 2026-07-28 request, over the same HTTP client for a fair comparison). */
    static Reply sendWithoutSession(URI at, String token, ObjectNode message, Map<String, String> headers) {
        return send(at, token, message, headers);
    }

    /** The frontend the session was opened on. */
    URI endpoint() {
        return endpoint;
    }

    /** The session id. */
    String id() {
        return initialized.session();
    }

    /** The answer to the session's {@code initialize}. */
    Reply initialized() {
        return initialized;
    }

    /** A request in the session at the endpoint it was opened on. */
    Reply request(String method, ObjectNode params) {
        return request(endpoint, method, params);
    }

    /** A request in the session at another frontend. */
    Reply request(URI at, String method, ObjectNode params) {
        return request(at, IDS.incrementAndGet(), method, params);
    }

    /** A request with this JSON-RPC id (e.g. for {@code notifications/cancelled}). */
    Reply request(URI at, long requestId, String method, ObjectNode params) {
        return send(at, token, message(requestId, method, params), headers());
    }

    /** A notification in the session. */
    Reply notify(URI at, String method, ObjectNode params) {
        return send(at, token, message(null, method, params), headers());
    }

    /** A message in the session with some headers replaced ({@code null} value: left out). */
    Reply send(URI at, ObjectNode message, Map<String, String> replaced) {
        Map<String, String> headers = headers();
        headers.putAll(replaced);
        return send(at, token, message, headers);
    }

    /** A JSON-RPC response of the client (to a server-to-client request) in the session. */
    Reply respond(URI at, JsonNode requestId, String member, JsonNode value) {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0");
        message.set("id", requestId);
        message.set(member, value);
        return send(at, token, message, headers());
    }

    /** A request whose answer is read line by line as it arrives (an SSE answer that stays open). */
    Lines stream(URI at, String method, ObjectNode params) {
        return Lines.read(post(at, token, message(IDS.incrementAndGet(), method, params), headers())
                .timeout(Duration.ofMinutes(5))
                .build());
    }

    /** {@code GET /mcp}: the session's listen stream, read line by line. */
    Lines listen(URI at) {
        HttpRequest.Builder request = HttpRequest.newBuilder(at)
                .timeout(Duration.ofMinutes(5))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream")
                .GET();
        headers().forEach(request::header);
        return Lines.read(request.build());
    }

    /** An answer read as it arrives: its status once the headers are in, its lines so far, {@code done} at its end. */
    record Lines(CompletableFuture<Integer> status, List<String> lines, CompletableFuture<Void> done) {
        static Lines read(HttpRequest request) {
            List<String> lines = new CopyOnWriteArrayList<>();
            CompletableFuture<Void> done = new CompletableFuture<>();
            CompletableFuture<Integer> status = HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
                    .thenApply(response -> {
                        Thread reader = new Thread(
                                () -> {
                                    try {
                                        response.body().forEach(lines::add);
                                    } catch (RuntimeException e) {
                                        // the server or the test closed the stream: what arrived is what counts
                                    }
                                    done.complete(null);
                                },
                                "e2e-sse-reader");
                        reader.setDaemon(true);
                        reader.start();
                        return response.statusCode();
                    });
            return new Lines(status, lines, done);
        }

        /** The JSON-RPC messages of the {@code data:} lines so far. */
        List<JsonNode> messages() {
            List<JsonNode> messages = new ArrayList<>();
            for (String line : lines) {
                if (line.startsWith("data:")) {
                    messages.add(Reply.parse(line.substring(5).trim()));
                }
            }
            return messages;
        }
    }

    /** {@code DELETE /mcp}: ends the session. */
    Reply delete(URI at) {
        HttpRequest request = HttpRequest.newBuilder(at)
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token)
                .header("Mcp-Session-Id", id())
                .DELETE()
                .build();
        return exchange(request);
    }

    /** {@code {"name": tool, "arguments": arguments}}. */
    static ObjectNode call(String tool, ObjectNode arguments) {
        ObjectNode params = JSON.createObjectNode().put("name", tool);
        params.set("arguments", arguments);
        return params;
    }

    /** {@code {"taskId": taskId}}. */
    static ObjectNode task(String taskId) {
        return JSON.createObjectNode().put("taskId", taskId);
    }

    /** A JSON-RPC message ({@code requestId} null: a notification). */
    static ObjectNode message(Long requestId, String method, ObjectNode params) {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0");
        if (requestId != null) {
            message.put("id", requestId);
        }
        message.put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        return message;
    }

    private Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Mcp-Session-Id", id());
        headers.put("MCP-Protocol-Version", VERSION);
        return headers;
    }

    private static Reply send(URI at, String token, ObjectNode message, Map<String, String> headers) {
        return exchange(post(at, token, message, headers).build());
    }

    private static HttpRequest.Builder post(URI at, String token, ObjectNode message, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(at)
                .timeout(Duration.ofSeconds(120))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString(), StandardCharsets.UTF_8));
        headers.forEach((name, value) -> {
            if (value != null) {
                request.header(name, value);
            }
        });
        return request;
    }

    private static Reply exchange(HttpRequest request) {
        try {
            HttpResponse<String> response =
                    HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Reply(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null),
                    response.headers().firstValue("Mcp-Session-Id").orElse(null),
                    response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
