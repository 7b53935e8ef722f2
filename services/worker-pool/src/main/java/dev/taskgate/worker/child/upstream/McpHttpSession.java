package dev.taskgate.worker.child.upstream;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * A client session with one upstream over MCP's Streamable HTTP transport (2025-11-25, "Transports"): every message
 * is a POST accepting JSON or an event stream; after {@code initialize} the session id and protocol version go on
 * every request. A response stream may carry server requests and notifications before the answer; they go to the
 * {@link ServerMessages} of the request. Never reconnects a stream and never opens the GET stream: what the upstream
 * sends outside the answer streams is not needed by a single tool call.
 *
 * <p>The same transport serves the stateless 2026-07-28 generation ({@link #describeEachRequest}): no session, and
 * every POST carries the headers that repeat its body (§6.3: {@code MCP-Protocol-Version}, {@code Mcp-Method},
 * {@code Mcp-Name}).
 */
final class McpHttpSession {

    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String PROTOCOL_HEADER = "MCP-Protocol-Version";
    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** How often a waiting thread looks at the stop flag and the deadline. */
    private static final Duration POLL = Duration.ofMillis(50);

    private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(5);
    private static final int SAMPLE_CHARACTERS = 200;
    // what a proxy or load balancer answers for an upstream it cannot reach (or that is overloaded)
    private static final Set<Integer> UNREACHABLE_STATUSES = Set.of(502, 503, 504);

    private final UpstreamTarget target;
    private final OperationContext context;
    private final HttpClient http;
    private final AtomicLong ids = new AtomicLong();
    private volatile String sessionId;
    private volatile String protocolVersion;
    private volatile boolean stateless;

    McpHttpSession(UpstreamTarget target, OperationContext context) {
        this.target = target;
        this.context = context;
        this.http = UpstreamSessions.CHILD.client(target.connectTimeout());
    }

    long nextId() {
        return ids.incrementAndGet();
    }

    Optional<String> sessionId() {
        return Optional.ofNullable(sessionId);
    }

    /** Continues a session an earlier run initialized, without initializing again. */
    void adopt(String savedSessionId, String version) {
        this.sessionId = savedSessionId;
        this.protocolVersion = version;
    }

    /**
     * Speaks the stateless generation {@code version} (2026-07-28): no {@code initialize}, and every message carries
     * its version, method and name headers.
     */
    void describeEachRequest(String version) {
        this.protocolVersion = version;
        this.stateless = true;
    }

    /** Starts over without a session: the next request must be {@code initialize}. */
    void reset() {
        this.sessionId = null;
        this.protocolVersion = null;
    }

    /** The protocol version negotiated (or adopted), if any. */
    Optional<String> protocolVersion() {
        return Optional.ofNullable(protocolVersion);
    }

    /** Sets the protocol version negotiated by {@code initialize}. */
    void negotiated(String version) {
        this.protocolVersion = version;
    }

    /**
     * Sends a request and waits for its response, handing the server's messages in the response stream to
     * {@code handler}.
     *
     * @param stoppable whether a stop request ends the wait ({@code false} for clean-up requests)
     * @throws UpstreamException         when the upstream refused, dropped, garbled or did not answer in time
     * @throws OperationStoppedException when a stop was requested while waiting; the request is abandoned
     */
    RpcMessage request(
            long id, String method, JsonNode params, Deadline deadline, ServerMessages handler, boolean stoppable)
            throws OperationStoppedException, InterruptedException {
        ObjectNode message = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id);
        message.put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        HttpResponse<InputStream> response = send(message, method, deadline, stoppable);
        int status = response.statusCode();
        if (status >= 400) {
            throw refused(method, response);
        }
        if (method.equals("initialize")) {
            response.headers().firstValue(SESSION_HEADER).ifPresent(value -> sessionId = value);
        }
        String contentType =
                response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        if (status != 200
                || !(contentType.startsWith("application/json") || contentType.startsWith("text/event-stream"))) {
            close(response);
            throw failure("the upstream answered " + method + " with HTTP " + status + " and content type '"
                    + contentType + "' instead of JSON or an event stream");
        }
        return awaitAnswer(
                id, method, response, contentType.startsWith("text/event-stream"), deadline, handler, stoppable);
    }

    /** Posts a notification or a response to a server request; the upstream must accept it. */
    void post(ObjectNode message, String what, Deadline deadline)
            throws OperationStoppedException, InterruptedException {
        HttpResponse<InputStream> response = send(message, what, deadline, false);
        if (response.statusCode() >= 400) {
            throw refused(what, response);
        }
        close(response);
    }

    /** Posts a notification, ignoring every failure: clean-up on the way out. */
    void postQuietly(ObjectNode message) {
        try {
            post(message, message.path("method").asText("message"), Deadline.after(CLEANUP_TIMEOUT));
        } catch (UpstreamException | OperationStoppedException e) {
            // the run ends either way; the upstream may have gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ends the session on the upstream (DELETE), best effort. */
    void terminate() {
        String id = sessionId;
        if (id == null) {
            return;
        }
        HttpRequest.Builder builder = builder(Deadline.after(CLEANUP_TIMEOUT)).DELETE();
        try {
            http.sendAsync(builder.build(), HttpResponse.BodyHandlers.discarding())
                    .get(CLEANUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // a server that does not allow DELETE answers 405; one that is gone does not answer: both are fine
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpRequest.Builder builder(Deadline deadline) {
        Duration remaining = deadline.remaining();
        HttpRequest.Builder builder =
                HttpRequest.newBuilder(target.url()).timeout(remaining.isZero() ? Duration.ofMillis(1) : remaining);
        target.headers().forEach(builder::header);
        if (protocolVersion != null) {
            builder.header(PROTOCOL_HEADER, protocolVersion);
        }
        if (sessionId != null) {
            builder.header(SESSION_HEADER, sessionId);
        }
        return builder;
    }

    private HttpResponse<InputStream> send(ObjectNode message, String what, Deadline deadline, boolean stoppable)
            throws OperationStoppedException, InterruptedException {
        byte[] body;
        try {
            body = MAPPER.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree serialises", e);
        }
        HttpRequest.Builder builder = builder(deadline)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream");
        if (stateless && message.path("method").isTextual()) {
            builder.header(METHOD_HEADER, message.get("method").asText());
            StatelessRequests.nameOf(message).ifPresent(name -> builder.header(NAME_HEADER, name));
        }
        HttpRequest request =
                builder.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        CompletableFuture<HttpResponse<InputStream>> pending =
                http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        while (true) {
            try {
                return pending.get(wait(deadline).toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (stoppable && context.isStopRequested()) {
                    pending.cancel(true);
                    throw new OperationStoppedException("stopped while sending " + what + " to the upstream");
                }
                if (deadline.passed()) {
                    pending.cancel(true);
                    throw timedOut(what, deadline);
                }
            } catch (ExecutionException e) {
                throw connectionFailure(what, e.getCause(), deadline);
            }
        }
    }

    private RpcMessage awaitAnswer(
            long id,
            String method,
            HttpResponse<InputStream> response,
            boolean eventStream,
            Deadline deadline,
            ServerMessages handler,
            boolean stoppable)
            throws OperationStoppedException, InterruptedException {
        BlockingQueue<StreamItem> items = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> read(response.body(), eventStream, items), "upstream-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            while (true) {
                StreamItem item = items.poll(wait(deadline).toNanos(), TimeUnit.NANOSECONDS);
                if (item == null) {
                    if (stoppable && context.isStopRequested()) {
                        throw new OperationStoppedException(
                                "stopped while waiting for the upstream's answer to " + method);
                    }
                    if (deadline.passed()) {
                        throw timedOut(method, deadline);
                    }
                    continue;
                }
                if (item instanceof StreamItem.Message m) {
                    RpcMessage message = m.message();
                    if (message.isResponse()) {
                        if (message.answers(id)) {
                            return message;
                        }
                    } else if (message.isRequest()) {
                        ServerMessages.Reply reply = handler.answer(message);
                        if (reply.response() != null) {
                            post(reply.response(), "the answer to " + message.method(), deadline);
                        }
                        if (reply.thenFail() != null) {
                            throw reply.thenFail();
                        }
                    } else {
                        handler.notice(message);
                    }
                } else if (item instanceof StreamItem.Failed failed) {
                    throw failure("the connection dropped before the upstream answered " + method + " ("
                            + describe(failed.cause()) + ")");
                } else if (item instanceof StreamItem.NotJsonRpc garbage) {
                    throw failure("the upstream answered " + method + " with data that is not a JSON-RPC message: "
                            + garbage.sample());
                } else {
                    throw failure("the upstream ended its answer to " + method
                            + " without a JSON-RPC response (the connection was closed)");
                }
            }
        } finally {
            close(response);
        }
    }

    private static void read(InputStream body, boolean eventStream, BlockingQueue<StreamItem> items) {
        try {
            if (eventStream) {
                SseReader events = new SseReader(body);
                Optional<SseReader.Event> event;
                while ((event = events.next()).isPresent()) {
                    String data = event.get().data();
                    // an event without data (e.g. one that only primes the stream with an id) carries no message
                    if (data.isBlank()) {
                        continue;
                    }
                    if (!offer(data, items)) {
                        return;
                    }
                }
            } else {
                String data = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                if (!offer(data, items)) {
                    return;
                }
            }
            items.add(new StreamItem.End());
        } catch (IOException e) {
            items.add(new StreamItem.Failed(e));
        }
    }

    private static boolean offer(String data, BlockingQueue<StreamItem> items) {
        Optional<RpcMessage> message = RpcMessage.parse(data);
        if (message.isEmpty()) {
            items.add(new StreamItem.NotJsonRpc(sample(data)));
            return false;
        }
        items.add(new StreamItem.Message(message.get()));
        return true;
    }

    private UpstreamException refused(String what, HttpResponse<InputStream> response) {
        String body;
        try (InputStream in = response.body()) {
            body = new String(in.readNBytes(SAMPLE_CHARACTERS * 4), StandardCharsets.UTF_8);
        } catch (IOException e) {
            body = "";
        }
        String detail = RpcMessage.parse(body)
                .filter(RpcMessage::isError)
                .map(RpcMessage::errorSummary)
                .orElse(sample(body));
        int status = response.statusCode();
        return new UpstreamException(
                target.redact(target.describe() + ": the upstream refused " + what + " with HTTP " + status
                        + (detail.isBlank() ? "" : ": " + sample(detail))),
                status,
                UNREACHABLE_STATUSES.contains(status));
    }

    private UpstreamException connectionFailure(String what, Throwable cause, Deadline deadline) {
        if (cause instanceof HttpConnectTimeoutException) {
            return unreachable("could not connect to " + target.url() + " within "
                    + target.connectTimeout().toMillis() + " ms");
        }
        if (cause instanceof ConnectException) {
            return unreachable("could not connect to " + target.url() + " (" + describe(cause) + ")");
        }
        if (cause instanceof HttpTimeoutException) {
            return timedOut(what, deadline);
        }
        return unreachable(
                "the connection to " + target.url() + " failed while sending " + what + " (" + describe(cause) + ")");
    }

    private UpstreamException unreachable(String what) {
        return new UpstreamException(target.redact(target.describe() + ": " + what), 0, true);
    }

    private UpstreamException timedOut(String what, Deadline deadline) {
        return failure("no answer to " + what + " within the call timeout of "
                + deadline.total().toMillis() + " ms");
    }

    UpstreamException failure(String what) {
        return new UpstreamException(target.redact(target.describe() + ": " + what));
    }

    private static String describe(Throwable cause) {
        if (cause == null) {
            return "no detail";
        }
        String message = cause.getMessage();
        if (message == null || message.isBlank()) {
            return cause instanceof ConnectException
                    ? "connection refused"
                    : cause.getClass().getSimpleName();
        }
        return cause.getClass().getSimpleName() + ": " + message;
    }

    private static Duration wait(Deadline deadline) {
        Duration remaining = deadline.remaining();
        return remaining.compareTo(POLL) < 0 ? (remaining.isZero() ? Duration.ofMillis(1) : remaining) : POLL;
    }

    /** The start of {@code text} without control characters, for a failure message. */
    static String sample(String text) {
        String flat = text.replaceAll("\\p{Cntrl}", " ").strip();
        return flat.length() <= SAMPLE_CHARACTERS ? flat : flat.substring(0, SAMPLE_CHARACTERS) + "…";
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException e) {
            // closing aborts the exchange; nothing is left to read
        }
    }
}
