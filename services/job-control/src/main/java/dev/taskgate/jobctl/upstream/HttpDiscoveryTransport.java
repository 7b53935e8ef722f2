package dev.taskgate.jobctl.upstream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;
import dev.taskgate.pinnedhttp.PinnedEndpoint;

/**
 * MCP's Streamable HTTP transport for discovery: every message is a POST answered by a JSON body or an SSE stream.
 * With a 2025-11-25 upstream the session id it gives at {@code initialize} goes on every later request, the {@code GET}
 * stream carries its own messages, and {@link #close} ends the session with a DELETE; a 2026-07-28 upstream has no
 * session (an id it sends anyway is never echoed) and every POST repeats its method and name in the
 * {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} headers. Server requests in a response stream
 * are not expected while listing and are ignored. The credential goes in a header and nowhere else: errors name the
 * upstream, never the header's value.
 */
final class HttpDiscoveryTransport implements DiscoveryTransport {
    private static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final int MAX_BODY_BYTES = DiscoverySession.MAX_MESSAGE_BYTES;
    /**
     * How long an answer's stream is read past the answer for its end before it is closed. Closing a body whose end
     * is arriving races the JDK client's return of the connection to its pool, which can then hold a closed
     * connection: the next request of the session failed with "EOF reached while reading", and the upstream was
     * marked unavailable until the next retry. An upstream closes an answer stream right after the answer (MCP:
     * "SHOULD"), so its end is read at once; only a stream left open waits this long before it is cut. Discovery runs
     * in the background; an operator's refresh of such an upstream takes this much longer per answer.
     */
    static final Duration END_GRACE = Duration.ofSeconds(1);

    private final UpstreamDefinition upstream;
    private final PinnedEndpoint endpoint;
    private final HttpClient http;
    private final boolean stateless;
    private String sessionId;

    /** Speaks to {@code upstream} at {@code endpoint}'s address (checked by the network policy). */
    HttpDiscoveryTransport(UpstreamDefinition upstream, PinnedEndpoint endpoint, HttpClient http) {
        this.upstream = upstream;
        this.endpoint = endpoint;
        this.http = http;
        this.stateless = upstream.protocol() == UpstreamProtocol.MCP_2026_07_28;
    }

    @Override
    public JsonNode exchange(long id, ObjectNode message, String method) throws UpstreamException {
        HttpResponse<InputStream> response = post(message, method);
        if (!stateless) {
            // 2026-07-28 has no sessions: a session id such an upstream sends anyway is not echoed or ended
            sessionId = response.headers().firstValue(SESSION_HEADER).orElse(sessionId);
        }
        return answerTo(id, response, method);
    }

    @Override
    public void sendNotification(ObjectNode message, String method) throws UpstreamException {
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

    @Override
    public boolean hasServerStream() {
        return !stateless;
    }

    /**
     * Opens the {@code GET} stream for the upstream's own messages. MCP 2025-11-25 (Streamable HTTP, "Listening for
     * Messages from the Server"): the server answers an event stream, or 405 when it offers none; 404 means the
     * session is gone and the client must initialize anew.
     */
    @Override
    public ServerStream openServerStream() throws UpstreamException {
        HttpRequest.Builder request = endpoint.request()
                .timeout(requestTimeout())
                .header("Accept", "text/event-stream")
                .GET();
        if (sessionId != null) {
            request.header(SESSION_HEADER, sessionId)
                    .header("MCP-Protocol-Version", upstream.protocol().version());
        }
        upstream.credential().ifPresent(c -> request.header(c.header(), c.value()));
        HttpResponse<InputStream> response = send(request.build(), "the GET stream");
        int status = response.statusCode();
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (status == 200 && type.startsWith("text/event-stream")) {
            return new ServerStream(ServerStream.Kind.OPEN, response.body());
        }
        discard(response);
        if (status == 405) {
            return new ServerStream(ServerStream.Kind.NOT_OFFERED, InputStream.nullInputStream());
        }
        if (status == 404) {
            sessionId = null;
            return new ServerStream(ServerStream.Kind.SESSION_GONE, InputStream.nullInputStream());
        }
        throw new UpstreamException(
                status == 200
                        ? "upstream " + upstream.id() + " answered the GET stream with Content-Type '" + type
                                + "', not an event stream"
                        : "upstream " + upstream.id() + " answered the GET stream with HTTP " + status);
    }

    @Override
    public void answer(ObjectNode message) throws UpstreamException {
        HttpResponse<InputStream> response = post(message, "its own request");
        discard(response);
        if (response.statusCode() >= 300) {
            throw new UpstreamException("upstream " + upstream.id() + " answered the response to its own request with"
                    + " HTTP " + response.statusCode());
        }
    }

    private void discard(HttpResponse<InputStream> response) throws UpstreamException {
        try (InputStream body = response.body()) {
            body.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw unreachable("the GET stream", e);
        }
    }

    private HttpResponse<InputStream> post(ObjectNode message, String method) throws UpstreamException {
        HttpRequest.Builder request = endpoint.request()
                .timeout(requestTimeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Wire.toBytes(message)));
        if (sessionId != null) {
            request.header(SESSION_HEADER, sessionId)
                    .header("MCP-Protocol-Version", upstream.protocol().version());
        }
        if (stateless) {
            // MCP 2026-07-28 §6.3: the headers repeat the body so that intermediaries can route without parsing it
            request.header("MCP-Protocol-Version", upstream.protocol().version())
                    .header("Mcp-Method", method);
            nameOf(message).ifPresent(name -> request.header("Mcp-Name", headerValue(name)));
        }
        upstream.credential().ifPresent(c -> request.header(c.header(), c.value()));
        return send(request.build(), method);
    }

    private HttpResponse<InputStream> send(HttpRequest request, String what) throws UpstreamException {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw unreachable(what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamException("interrupted while calling upstream " + upstream.id());
        }
    }

    /** The params member {@code Mcp-Name} repeats for the message's method (2026-07-28 §6.3), if any. */
    static Optional<String> nameOf(JsonNode message) {
        String member = switch (message.path("method").asText()) {
            case "tools/call", "prompts/get" -> "name";
            case "resources/read" -> "uri";
            case "tasks/get", "tasks/update", "tasks/cancel" -> "taskId";
            default -> null;
        };
        JsonNode value = member == null ? null : message.path("params").get(member);
        return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    /** A header value: as it is when it is visible ASCII, else the base64 sentinel {@code =?base64?…?=} of §6.3. */
    static String headerValue(String value) {
        boolean plain = !value.isEmpty()
                && value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)
                && value.strip().equals(value)
                && !value.startsWith("=?base64?");
        return plain
                ? value
                : "=?base64?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    // until the answer's headers arrive; an event stream's body is read without a deadline
    private Duration requestTimeout() {
        return upstream.callTimeout().compareTo(Duration.ofMinutes(1)) < 0
                ? upstream.callTimeout()
                : Duration.ofMinutes(1);
    }

    private JsonNode answerTo(long id, HttpResponse<InputStream> response, String method) throws UpstreamException {
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new UpstreamStatusException(
                        "upstream " + upstream.id() + " answered " + method + " with HTTP " + response.statusCode(),
                        response.statusCode());
            }
            String type = response.headers().firstValue("Content-Type").orElse("");
            if (type.startsWith("text/event-stream")) {
                JsonNode answer = fromStream(id, body, method);
                awaitEnd(body);
                return answer;
            }
            if (type.startsWith("application/json")) {
                byte[] bytes = body.readNBytes(MAX_BODY_BYTES + 1);
                if (bytes.length > MAX_BODY_BYTES) {
                    throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " with more than "
                            + MAX_BODY_BYTES + " bytes");
                }
                return matching(
                        id,
                        DiscoverySession.parse(upstream, new String(bytes, StandardCharsets.UTF_8), method),
                        method);
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
                    JsonNode message = DiscoverySession.parse(upstream, data.toString(), method);
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

    // Reads what follows the answer, on a thread of its own so that a stream left open costs END_GRACE at most:
    // closing the body then ends that read.
    private static void awaitEnd(InputStream body) {
        Thread reader = new Thread(
                () -> {
                    try {
                        body.transferTo(OutputStream.nullOutputStream());
                    } catch (IOException e) {
                        // closed after the grace, or the connection dropped: nothing more was wanted from it
                    }
                },
                "discovery-stream-end");
        reader.setDaemon(true);
        reader.start();
        try {
            reader.join(END_GRACE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private JsonNode matching(long id, JsonNode message, String method) throws UpstreamException {
        if (message.path("id").asLong(-1) != id) {
            throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " with another id");
        }
        return message;
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
        HttpRequest.Builder request = endpoint.request()
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
