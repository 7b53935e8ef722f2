package dev.taskgate.testsupport.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One MCP test client for both protocol generations over Streamable HTTP (and over stdio: {@link #stdio}), for component tests (against the
 * {@code @TestHTTPResource} root) and system tests (against a running frontend). Built on the JDK
 * {@link HttpClient} (HTTP/1.1, as MCP clients speak it) and Jackson; every answer is kept whole
 * ({@link McpReply}: status, headers, exact bytes, the JSON body or the SSE events), or read as it arrives
 * ({@link McpStream}).
 *
 * <pre>{@code
 * McpTestClient client = McpTestClient.http(base).bearer(token);
 * McpReply tools = client.v2026().request(1, "tools/list").post();          // stateless 2026-07-28
 * Mcp2025Session session = client.v2025().initialize(Mcp2025Client.VERSION); // initialize + initialized
 * McpReply listed = session.request(2, "tools/list", Mcp2025Client.params());
 * McpReply raw = client.send("POST", Map.of("Content-Type", "application/json"), "{");  // anything, on purpose
 * }</pre>
 *
 * Immutable: {@link #bearer} and {@link #at} return new clients.
 */
public final class McpTestClient {
    /** The request timeout of plain exchanges (the answer of a synchronous call may take that long). */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(120);
    /** How long a stream waits for its response headers. */
    static final Duration STREAM_TIMEOUT = Duration.ofMinutes(5);

    private static final HttpClient HTTP = newHttpClient();

    /**
     * Streams ({@link #open}) have a connection pool of their own: a stream closed as its last chunk arrives can leave
     * its closed connection in the JDK client's pool, and the next request taken on it fails ("EOF reached while
     * reading"; docs/cli.md). Plain exchanges then never meet such a connection.
     */
    private static final HttpClient STREAMS = newHttpClient();

    private static HttpClient newHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private final URI endpoint;
    private final String token;

    private McpTestClient(URI endpoint, String token) {
        this.endpoint = endpoint;
        this.token = token;
    }

    /**
     * A client of the MCP endpoint of the service at {@code base} ({@code http://host:port} or
     * {@code http://host:port/}; a URI that already ends with {@code /mcp} is taken as the endpoint).
     */
    public static McpTestClient http(URI base) {
        return new McpTestClient(endpointOf(base), null);
    }

    /**
     * A client of an MCP server over stdio: {@code fromServer} is the server's standard output, {@code toServer}
     * its standard input (a process's pipes, or piped streams of a server running in the test's JVM).
     */
    public static McpStdioClient stdio(InputStream fromServer, OutputStream toServer) {
        return new McpStdioClient(fromServer, toServer);
    }

    /** {@link #http(URI)} of a URI text. */
    public static McpTestClient http(String base) {
        return http(URI.create(base));
    }

    /** The same client sending {@code Authorization: Bearer <token>} ({@code null}: no Authorization header). */
    public McpTestClient bearer(String token) {
        return new McpTestClient(endpoint, token);
    }

    /** The same client (token) against the MCP endpoint of another service, e.g. another replica. */
    public McpTestClient at(URI base) {
        return new McpTestClient(endpointOf(base), token);
    }

    /** The {@code /mcp} endpoint. */
    public URI endpoint() {
        return endpoint;
    }

    /** The bearer token, or {@code null}. */
    public String token() {
        return token;
    }

    /** Stateless MCP 2026-07-28 requests. */
    public Mcp2026Client v2026() {
        return new Mcp2026Client(this);
    }

    /** The 2025-era protocol: {@code initialize}, then requests in the session. */
    public Mcp2025Client v2025() {
        return new Mcp2025Client(this);
    }

    /**
     * The escape hatch: sends exactly these headers ({@code null} value: left out; the bearer token is added unless
     * {@code Authorization} is among them) and this body (UTF-8; {@code null}: none) with this HTTP method to the
     * endpoint, and returns the whole answer.
     */
    public McpReply send(String method, Map<String, String> headers, String body) {
        return send(
                method,
                headers,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    }

    /** {@link #send(String, Map, String)} with raw body bytes (sent with a Content-Length). */
    public McpReply send(String method, Map<String, String> headers, byte[] body) {
        return send(method, headers, HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /**
     * {@link #send(String, Map, String)} with any body publisher, e.g. one of unknown length, sent chunked
     * ({@code HttpRequest.BodyPublishers.ofInputStream}).
     */
    public McpReply send(String method, Map<String, String> headers, HttpRequest.BodyPublisher body) {
        HttpRequest request = request(method, headers, body, REQUEST_TIMEOUT);
        try {
            HttpResponse<byte[]> response = HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new McpReply(response.statusCode(), response.headers().map(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + endpoint + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * As {@link #send(String, Map, String)}, but the answer is read as it arrives, on a thread of its own
     * ({@link McpStream}): for SSE answers, listen streams and connections the test drops on purpose.
     */
    public McpStream open(String method, Map<String, String> headers, String body) {
        return McpStream.open(
                STREAMS,
                request(
                        method,
                        headers,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8),
                        STREAM_TIMEOUT));
    }

    private HttpRequest request(
            String method, Map<String, String> headers, HttpRequest.BodyPublisher body, Duration timeout) {
        Objects.requireNonNull(method, "method");
        HttpRequest.Builder request =
                HttpRequest.newBuilder(endpoint).timeout(timeout).method(method, body);
        Map<String, String> all = new LinkedHashMap<>();
        if (token != null) {
            all.put("Authorization", "Bearer " + token);
        }
        headers.forEach((name, value) -> {
            all.keySet().removeIf(name::equalsIgnoreCase);
            all.put(name, value);
        });
        all.forEach((name, value) -> {
            if (value != null) {
                request.header(name, value);
            }
        });
        return request.build();
    }

    private static URI endpointOf(URI base) {
        String text = base.toString();
        if (text.endsWith("/mcp")) {
            return base;
        }
        return URI.create((text.endsWith("/") ? text.substring(0, text.length() - 1) : text) + "/mcp");
    }
}
