package dev.taskgate.frontend.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/**
 * Sends one MCP request and reads the response line by line as it arrives, on a thread of its own, so that a test
 * can watch a {@code text/event-stream} unfold, then close it early like a client that gives up.
 */
public final class SseClient implements AutoCloseable {
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final CompletableFuture<HttpResponse<InputStream>> response;
    private final Thread reader;
    private volatile boolean ended;
    private volatile InputStream body;

    private SseClient(HttpRequest request) {
        response = CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        reader = new Thread(this::read, "sse-client");
        reader.setDaemon(true);
        reader.start();
    }

    /** POSTs {@code call} to {@code /mcp} of {@code base} with the call's headers and token. */
    public static SseClient open(URI base, McpCall call, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("mcp"))
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(call.message().toString()));
        call.headers().forEach((k, v) -> {
            if (v != null) {
                request.header(k, v);
            }
        });
        request.header("Authorization", "Bearer " + token);
        return new SseClient(request.build());
    }

    /** POSTs {@code message} to {@code /mcp} of {@code base} with these headers and token. */
    public static SseClient open(URI base, JsonNode message, Map<String, String> headers, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("mcp"))
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        headers.forEach(request::header);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return new SseClient(request.build());
    }

    /** GETs {@code /mcp} of {@code base} with these headers ({@code null} value: left out) and token (a listen stream). */
    public static SseClient get(URI base, java.util.Map<String, String> headers, String token) {
        // HTTP/1.1 as MCP clients speak it: a body-less GET would otherwise try an h2c upgrade
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("mcp"))
                .timeout(Duration.ofSeconds(120))
                .version(HttpClient.Version.HTTP_1_1)
                .GET();
        headers.forEach((k, v) -> {
            if (v != null) {
                request.header(k, v);
            }
        });
        request.header("Authorization", "Bearer " + token);
        return new SseClient(request.build());
    }

    private void read() {
        try {
            HttpResponse<InputStream> r = response.get(60, TimeUnit.SECONDS);
            body = r.body();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            }
        } catch (IOException
                | RuntimeException
                | java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            // closed by the test, or the server ended the connection
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            ended = true;
        }
    }

    /** Whether the response was read to its end. */
    public boolean ended() {
        return ended;
    }

    /** The status (waits for the headers). */
    public int status() {
        return response.join().statusCode();
    }

    /** A response header's first value (waits for the headers). */
    public String header(String name) {
        return response.join().headers().firstValue(name).orElse(null);
    }

    /** Every line received so far. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** SSE comment lines received so far. */
    public long comments() {
        return lines.stream().filter(l -> l.startsWith(":")).count();
    }

    /** The data of each complete SSE event so far, data lines joined with {@code \n} (WHATWG SSE). */
    public List<String> events() {
        List<String> events = new ArrayList<>();
        StringBuilder data = null;
        for (String line : lines) {
            if (line.startsWith("data:")) {
                String value = line.substring(5);
                value = value.startsWith(" ") ? value.substring(1) : value;
                data = data == null
                        ? new StringBuilder(value)
                        : data.append('\n').append(value);
            } else if (line.isEmpty() && data != null) {
                events.add(data.toString());
                data = null;
            }
        }
        return events;
    }

    /** The events parsed as JSON. */
    public List<JsonNode> messages() {
        return events().stream()
                .map(e -> {
                    try {
                        return Wire.mapper().readTree(e);
                    } catch (IOException x) {
                        throw new AssertionError("event is not JSON: " + e, x);
                    }
                })
                .toList();
    }

    /** The whole body as text (for a plain JSON answer). */
    public String text() {
        return String.join("\n", lines);
    }

    /** Closes the stream if the test has not. */
    @Override
    public void close() {
        drop();
    }

    /** Closes the stream like a client that gives up (the connection is dropped); more calls do nothing. */
    public void drop() {
        InputStream b = body;
        if (b != null) {
            try {
                b.close();
            } catch (IOException e) {
                // already closed
            }
        }
        response.cancel(true);
        try {
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
