package dev.taskgate.testsupport.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An answer read line by line as it arrives, on a thread of its own, so that a test can watch a
 * {@code text/event-stream} unfold (a synchronous call's progress, a {@code tasks/result} stream, a listen stream),
 * wait for its final response, or close it early like a client that gives up.
 */
public final class McpStream implements AutoCloseable {
    private static final long POLL_MILLIS = 20;

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final CompletableFuture<HttpResponse<InputStream>> response;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final Thread reader;
    private volatile InputStream body;

    private McpStream(HttpClient http, HttpRequest request) {
        response = http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        reader = new Thread(this::read, "mcp-test-stream");
        reader.setDaemon(true);
        reader.start();
    }

    static McpStream open(HttpClient http, HttpRequest request) {
        return new McpStream(http, request);
    }

    private void read() {
        try {
            HttpResponse<InputStream> r = response.get(McpTestClient.STREAM_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            body = r.body();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            }
        } catch (IOException | RuntimeException | ExecutionException | TimeoutException e) {
            // closed by the test, or the server ended the connection: what arrived is what counts
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            done.complete(null);
        }
    }

    /** The status (waits for the response headers). */
    public int status() {
        return response.join().statusCode();
    }

    /** A response header's first value (waits for the headers), or {@code null}. */
    public String header(String name) {
        return response.join().headers().firstValue(name).orElse(null);
    }

    /** Whether the answer is an SSE stream (waits for the headers). */
    public boolean isStream() {
        String type = header("Content-Type");
        return type != null && type.startsWith("text/event-stream");
    }

    /** Whether the answer was read to its end (the server ended it, or the test closed it). */
    public boolean ended() {
        return done.isDone();
    }

    /** Every line received so far. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** The text received so far, lines joined with {@code \n} (the whole body of a plain JSON answer). */
    public String text() {
        return String.join("\n", lines);
    }

    /** SSE comment lines received so far. */
    public long comments() {
        return Sse.comments(lines);
    }

    /** The data of each complete SSE event so far. */
    public List<String> events() {
        return Sse.events(lines);
    }

    /**
     * The JSON-RPC messages so far: each complete SSE event's data; for a plain JSON answer read to its end, the
     * body.
     */
    public List<JsonNode> messages() {
        boolean plain = response.isDone() && !response.isCompletedExceptionally() && !isStream();
        if (plain) {
            return ended() && !text().isBlank() ? Sse.parse(List.of(text())) : List.of();
        }
        return Sse.parse(events());
    }

    /** Waits up to {@code timeout} for the answer to end; fails otherwise. */
    public McpStream awaitEnd(Duration timeout) {
        until(this::ended, timeout, "the answer did not end");
        return this;
    }

    /** Waits up to {@code timeout} for at least {@code count} messages and returns all so far. */
    public List<JsonNode> awaitMessages(int count, Duration timeout) {
        until(() -> messages().size() >= count, timeout, "fewer than " + count + " messages");
        return messages();
    }

    /** Waits up to {@code timeout} for a message that satisfies {@code test} and returns the first one. */
    public JsonNode awaitMessage(Predicate<JsonNode> test, Duration timeout) {
        until(() -> find(test).isPresent(), timeout, "no matching message");
        return find(test).orElseThrow();
    }

    /**
     * Waits up to {@code timeout} for the end of the answer and returns its JSON-RPC response: the last message,
     * which must carry an {@code id} and a {@code result} or an {@code error}.
     */
    public JsonNode awaitResponse(Duration timeout) {
        awaitEnd(timeout);
        List<JsonNode> messages = messages();
        if (messages.isEmpty()) {
            throw new AssertionError("the answer ended without a message: " + text());
        }
        JsonNode last = messages.get(messages.size() - 1);
        if (!last.has("id") || !(last.has("result") || last.has("error"))) {
            throw new AssertionError("the answer did not end with a JSON-RPC response: " + text());
        }
        return last;
    }

    private Optional<JsonNode> find(Predicate<JsonNode> test) {
        return messages().stream().filter(test).findFirst();
    }

    private void until(BooleanSupplier condition, Duration timeout, String failure) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError(failure + " within " + timeout + ": " + text());
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /** Drops the connection in the middle of the stream, as a client that gives up does (what {@link #close} does). */
    public void drop() {
        close();
    }

    /** Closes the stream like a client that gives up (the connection is dropped). */
    @Override
    public void close() {
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
