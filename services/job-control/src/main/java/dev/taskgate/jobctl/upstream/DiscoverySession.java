package dev.taskgate.jobctl.upstream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamDefinition;

/**
 * A short MCP client session (Streamable HTTP, 2025-11-25) with one upstream, for discovery only: initialize, then
 * requests answered by a JSON body or an SSE stream. Server requests in a stream are not expected while listing and
 * are ignored. The credential goes in a header and nowhere else: errors name the upstream, never the header's value.
 */
final class DiscoverySession implements AutoCloseable {
    private static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final int MAX_BODY_BYTES = 8 * 1024 * 1024;

    private final UpstreamDefinition upstream;
    private final HttpClient http;
    private String sessionId;
    private long nextId = 1;

    private DiscoverySession(UpstreamDefinition upstream, HttpClient http) {
        this.upstream = upstream;
        this.http = http;
    }

    /** Opens a session: {@code initialize}, then {@code notifications/initialized}. */
    static DiscoverySession open(UpstreamDefinition upstream, HttpClient http) throws UpstreamException {
        DiscoverySession session = new DiscoverySession(upstream, http);
        ObjectNode params = JsonNodeFactory.instance
                .objectNode()
                .put("protocolVersion", upstream.protocol().version());
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "taskgate").put("version", "1");
        JsonNode result = session.request("initialize", params);
        String version = result.path("protocolVersion").asText("");
        if (!version.equals(upstream.protocol().version())) {
            throw new UpstreamException("upstream " + upstream.id() + " answered initialize with protocol version '"
                    + version + "', not " + upstream.protocol().version());
        }
        session.notify("notifications/initialized");
        return session;
    }

    /** Sends a request and returns its result; a JSON-RPC error or anything unexpected is an exception. */
    JsonNode request(String method, JsonNode params) throws UpstreamException {
        long id = nextId++;
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("id", id);
        message.put("method", method);
        message.set("params", params);
        HttpResponse<InputStream> response = post(message, method);
        sessionId = response.headers().firstValue(SESSION_HEADER).orElse(sessionId);
        JsonNode answer = answerTo(id, response, method);
        if (answer.has("error")) {
            JsonNode error = answer.get("error");
            throw new UpstreamRefusedException(
                    "upstream " + upstream.id() + " refused " + method + ": "
                            + error.path("code").asText("?") + " "
                            + error.path("message").asText(""),
                    error.path("code").asInt(-32603),
                    error.path("message").asText(""));
        }
        if (!answer.path("result").isObject()) {
            throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " without a result");
        }
        return answer.get("result");
    }

    private void notify(String method) throws UpstreamException {
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", method);
        HttpResponse<InputStream> response = post(message, method);
        try (InputStream body = response.body()) {
            body.transferTo(OutputStream.nullOutputStream());
            if (response.statusCode() >= 300) {
                throw new UpstreamException(
                        "upstream " + upstream.id() + " answered " + method + " with HTTP " + response.statusCode());
            }
        } catch (IOException e) {
            throw unreachable(method, e);
        }
    }

    private HttpResponse<InputStream> post(ObjectNode message, String method) throws UpstreamException {
        HttpRequest.Builder request = HttpRequest.newBuilder(upstream.url())
                .timeout(
                        upstream.callTimeout().compareTo(Duration.ofMinutes(1)) < 0
                                ? upstream.callTimeout()
                                : Duration.ofMinutes(1))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Wire.toBytes(message)));
        if (sessionId != null) {
            request.header(SESSION_HEADER, sessionId)
                    .header("MCP-Protocol-Version", upstream.protocol().version());
        }
        upstream.credential().ifPresent(c -> request.header(c.header(), c.value()));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw unreachable(method, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamException("interrupted while calling upstream " + upstream.id());
        }
    }

    private JsonNode answerTo(long id, HttpResponse<InputStream> response, String method) throws UpstreamException {
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new UpstreamException(
                        "upstream " + upstream.id() + " answered " + method + " with HTTP " + response.statusCode());
            }
            String type = response.headers().firstValue("Content-Type").orElse("");
            if (type.startsWith("text/event-stream")) {
                return fromStream(id, body, method);
            }
            if (type.startsWith("application/json")) {
                byte[] bytes = body.readNBytes(MAX_BODY_BYTES + 1);
                if (bytes.length > MAX_BODY_BYTES) {
                    throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " with more than "
                            + MAX_BODY_BYTES + " bytes");
                }
                return matching(id, parse(new String(bytes, StandardCharsets.UTF_8), method), method);
            }
            throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " with Content-Type '"
                    + type + "', neither JSON nor an event stream");
        } catch (IOException e) {
            throw unreachable(method, e);
        }
    }

    private JsonNode fromStream(long id, InputStream body, String method) throws IOException, UpstreamException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        StringBuilder data = new StringBuilder();
        long read = 0;
        String line;
        while ((line = reader.readLine()) != null) {
            read += line.length();
            if (read > MAX_BODY_BYTES) {
                throw new UpstreamException(
                        "upstream " + upstream.id() + " streamed more than " + MAX_BODY_BYTES + " bytes for " + method);
            }
            if (line.isEmpty()) {
                if (!data.isEmpty()) {
                    JsonNode message = parse(data.toString(), method);
                    data.setLength(0);
                    if (message.path("id").asLong(-1) == id && !message.has("method")) {
                        return message;
                    }
                }
            } else if (line.startsWith("data:")) {
                if (!data.isEmpty()) {
                    data.append('\n');
                }
                data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
            }
        }
        throw new UpstreamException("upstream " + upstream.id() + " ended its stream without answering " + method);
    }

    private JsonNode matching(long id, JsonNode message, String method) throws UpstreamException {
        if (message.path("id").asLong(-1) != id) {
            throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " with another id");
        }
        return message;
    }

    private JsonNode parse(String text, String method) throws UpstreamException {
        try {
            JsonNode node = Wire.mapper().readTree(text);
            if (node == null
                    || !node.isObject()
                    || !"2.0".equals(node.path("jsonrpc").asText())) {
                throw new UpstreamException(
                        "upstream " + upstream.id() + " answered " + method + " with something not JSON-RPC 2.0");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " with malformed JSON");
        }
    }

    private UpstreamException unreachable(String method, IOException e) {
        String why = e instanceof ConnectException
                ? "connection refused"
                : e instanceof HttpTimeoutException ? "timed out" : e.getClass().getSimpleName();
        return new UpstreamException("upstream " + upstream.id() + " (" + upstream.url() + ") could not be reached for "
                + method + ": " + why);
    }

    @Override
    public void close() {
        if (sessionId == null) {
            return;
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create(upstream.url().toString()))
                .timeout(Duration.ofSeconds(5))
                .header(SESSION_HEADER, sessionId)
                .DELETE();
        upstream.credential().ifPresent(c -> request.header(c.header(), c.value()));
        try {
            http.send(request.build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            // best effort: the upstream expires idle sessions on its own
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
