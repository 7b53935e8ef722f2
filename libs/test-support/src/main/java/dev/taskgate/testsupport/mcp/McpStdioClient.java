package dev.taskgate.testsupport.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * An MCP client over the stdio transport (newline-delimited JSON-RPC): writes messages to the server's standard
 * input and reads every line of its standard output on a thread of its own, so that a test can wait for a response
 * by id while notifications and server-to-client requests arrive in between. Works with a server process's pipes
 * (system tests) and with in-process piped streams (component tests). Every line must be one JSON value (a line
 * that is not is kept as a text node, so that a test notices it).
 *
 * <pre>{@code
 * McpStdioClient stdio = McpTestClient.stdio(process.getInputStream(), process.getOutputStream());
 * JsonNode initialized = stdio.request("initialize", params);
 * long id = stdio.send("tools/call", call);                       // answered later
 * JsonNode asked = stdio.awaitMessage(m -> m.has("method") && m.has("id"), Duration.ofSeconds(30));
 * stdio.respond(asked.get("id"), "result", answer);
 * JsonNode result = stdio.awaitResponse(id, Duration.ofSeconds(30));
 * }</pre>
 */
public final class McpStdioClient implements AutoCloseable {
    private static final long POLL_MILLIS = 20;
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    private static final AtomicLong IDS = new AtomicLong(2_000_000);

    private final OutputStream toServer;
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private final Map<Long, Integer> sentAt = new ConcurrentHashMap<>();
    private final Thread reader;
    private volatile boolean ended;

    McpStdioClient(InputStream fromServer, OutputStream toServer) {
        this.toServer = toServer;
        this.reader = new Thread(() -> read(fromServer), "mcp-test-stdio");
        reader.setDaemon(true);
        reader.start();
    }

    private void read(InputStream fromServer) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                received.add(parse(line));
            }
        } catch (IOException e) {
            // the server ended or the test closed the pipe: what arrived is what counts
        } finally {
            ended = true;
        }
    }

    private static JsonNode parse(String line) {
        try {
            return Wire.mapper().readTree(line);
        } catch (IOException e) {
            return Wire.mapper().getNodeFactory().textNode(line);
        }
    }

    /** Writes one message as one line. */
    public void send(JsonNode message) {
        try {
            synchronized (toServer) {
                toServer.write((message.toString() + "\n").getBytes(StandardCharsets.UTF_8));
                toServer.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing to the server's standard input failed", e);
        }
    }

    /** Sends a request with a fresh integer id ({@code params} null: none) and returns the id. */
    public long send(String method, ObjectNode params) {
        long id = IDS.incrementAndGet();
        sentAt.put(id, received.size());
        send(Mcp2025Client.message(id, method, params));
        return id;
    }

    /** Sends a notification. */
    public void notify(String method, ObjectNode params) {
        send(Mcp2025Client.message(null, method, params));
    }

    /** Sends a request and waits (60 s at most) for its response, which it returns. */
    public JsonNode request(String method, ObjectNode params) {
        return awaitResponse(send(method, params), DEFAULT_TIMEOUT);
    }

    /** The client's JSON-RPC response to a server-to-client request ({@code member}: result or error). */
    public void respond(JsonNode requestId, String member, JsonNode value) {
        ObjectNode message = Wire.mapper().createObjectNode().put("jsonrpc", "2.0");
        message.set("id", requestId);
        message.set(member, value);
        send(message);
    }

    /** Every message received so far, in order. */
    public List<JsonNode> received() {
        return List.copyOf(received);
    }

    /**
     * The messages received while request {@code id} (sent with {@link #send(String, ObjectNode)}) was open: those
     * that arrived after it was sent, up to and including its response, without other requests' responses.
     */
    public List<JsonNode> receivedDuring(long id) {
        List<JsonNode> all = received();
        Integer from = sentAt.get(id);
        List<JsonNode> before = new ArrayList<>();
        for (JsonNode message : all.subList(from == null ? 0 : Math.min(from, all.size()), all.size())) {
            boolean response = !message.has("method") && message.has("id");
            if (response && message.path("id").asLong(-1) != id) {
                continue;
            }
            before.add(message);
            if (response) {
                break;
            }
        }
        return before;
    }

    /** Whether the server closed its standard output. */
    public boolean ended() {
        return ended;
    }

    /** Waits up to {@code timeout} for the response to request {@code id} and returns it. */
    public JsonNode awaitResponse(long id, Duration timeout) {
        return awaitMessage(m -> !m.has("method") && m.path("id").asLong(-1) == id, timeout);
    }

    /** Waits up to {@code timeout} for a message that satisfies {@code test} and returns the first one. */
    public JsonNode awaitMessage(Predicate<JsonNode> test, Duration timeout) {
        until(() -> find(test).isPresent(), timeout, "no matching message");
        return find(test).orElseThrow();
    }

    /** Waits up to {@code timeout} for at least {@code count} messages that satisfy {@code test}; returns them. */
    public List<JsonNode> awaitMessages(Predicate<JsonNode> test, int count, Duration timeout) {
        until(() -> matching(test).size() >= count, timeout, "fewer than " + count + " matching messages");
        return matching(test);
    }

    /** Waits up to {@code timeout} for the server to close its standard output. */
    public void awaitEnd(Duration timeout) {
        until(() -> ended, timeout, "the server did not end");
    }

    /** The messages so far that satisfy {@code test}. */
    public List<JsonNode> matching(Predicate<JsonNode> test) {
        return received().stream().filter(test).toList();
    }

    private Optional<JsonNode> find(Predicate<JsonNode> test) {
        return received().stream().filter(test).findFirst();
    }

    private void until(BooleanSupplier condition, Duration timeout, String failure) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError(failure + " within " + timeout + ": " + received());
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /** Closes the server's standard input (end of input: the server cancels what is in flight and ends). */
    @Override
    public void close() {
        try {
            toServer.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
