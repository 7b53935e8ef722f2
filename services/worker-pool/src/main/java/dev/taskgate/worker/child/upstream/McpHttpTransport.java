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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.pinnedhttp.PinnedEndpoint;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * MCP's Streamable HTTP transport (2025-11-25, "Transports"): every message is a POST accepting JSON or an event
 * stream; after {@code initialize} the session id and protocol version go on every request. A response stream may
 * carry server requests and notifications before the answer; the session hands them on. Never reconnects a stream and
 * never opens the GET stream: what the upstream sends outside the answer streams is not needed by a single tool call.
 *
 * <p>The same transport serves the stateless 2026-07-28 generation ({@link #describeEachRequest}): no session, and
 * every POST carries the headers that repeat its body (§6.3: {@code MCP-Protocol-Version}, {@code Mcp-Method},
 * {@code Mcp-Name}).
 */
final class McpHttpTransport implements McpTransport {

    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String PROTOCOL_HEADER = "MCP-Protocol-Version";
    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(5);
    /**
     * How long closing an answer waits for its reader to reach the stream's end. Closing a body whose end is arriving
     * races the JDK client's return of the connection to its pool: the pool can then hold a closed connection, and
     * the next request taken on it fails with "EOF reached while reading" (about one in a hundred against a Vert.x
     * server). An upstream ends an answer stream right after the answer (MCP: "SHOULD close"), so the end is read
     * at once and nothing is cancelled; only a stream left open waits this long before it is cut.
     */
    static final Duration END_GRACE = Duration.ofMillis(50);

    private static final int SAMPLE_CHARACTERS = 200;
    // what a proxy or load balancer answers for an upstream it cannot reach (or that is overloaded)
    private static final Set<Integer> UNREACHABLE_STATUSES = Set.of(502, 503, 504);

    private final UpstreamTarget target;
    private final OperationContext context;
    private final HttpClient http;
    // the address worker-pool checked; null: the URL's host is resolved when connecting
    private final PinnedEndpoint endpoint;
    private final Duration endGrace;
    private volatile String sessionId;
    private volatile String protocolVersion;
    private volatile boolean stateless;

    McpHttpTransport(UpstreamTarget target, OperationContext context) {
        this(target, context, END_GRACE);
    }

    McpHttpTransport(UpstreamTarget target, OperationContext context, Duration endGrace) {
        this.target = target;
        this.context = context;
        this.endGrace = endGrace;
        this.endpoint = target.address()
                .map(address -> new PinnedEndpoint(target.url(), address))
                .orElse(null);
        this.http = UpstreamSessions.CHILD.client(
                target.connectTimeout(), endpoint == null ? Optional.empty() : endpoint.serverName());
    }

    @Override
    public Optional<String> sessionId() {
        return Optional.ofNullable(sessionId);
    }

    @Override
    public void adopt(String savedSessionId, String version) {
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

    @Override
    public void reset() {
        this.sessionId = null;
        this.protocolVersion = null;
    }

    @Override
    public void negotiated(String version) {
        this.protocolVersion = version;
    }

    @Override
    public Incoming send(ObjectNode message, String method, Deadline deadline, boolean stoppable)
            throws OperationStoppedException, InterruptedException {
        HttpResponse<InputStream> response = exchange(message, method, deadline, stoppable);
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
        boolean eventStream = contentType.startsWith("text/event-stream");
        BlockingQueue<StreamItem> items = new LinkedBlockingQueue<>();
        CountDownLatch readerDone = new CountDownLatch(1);
        Thread reader = new Thread(
                () -> {
                    try {
                        read(response.body(), eventStream, items);
                    } finally {
                        readerDone.countDown();
                    }
                },
                "upstream-reader");
        reader.setDaemon(true);
        reader.start();
        return new Incoming() {
            @Override
            public StreamItem poll(Duration timeout) throws InterruptedException {
                return items.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
            }

            @Override
            public UpstreamException ended(StreamItem ending, String what) {
                return failure(
                        ending instanceof StreamItem.Failed failed
                                ? "the connection dropped before the upstream answered " + what + " ("
                                        + describe(failed.cause()) + ")"
                                : "the upstream ended its answer to " + what
                                        + " without a JSON-RPC response (the connection was closed)");
            }

            @Override
            public void close() {
                closeAfterItsEnd(response, readerDone);
            }
        };
    }

    @Override
    public void post(ObjectNode message, String what, Deadline deadline)
            throws OperationStoppedException, InterruptedException {
        HttpResponse<InputStream> response = exchange(message, what, deadline, false);
        if (response.statusCode() >= 400) {
            throw refused(what, response);
        }
        close(response);
    }

    /** Ends the session on the upstream (DELETE), best effort. */
    @Override
    public void terminate() {
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
        HttpRequest.Builder builder = (endpoint == null ? HttpRequest.newBuilder(target.url()) : endpoint.request())
                .timeout(remaining.isZero() ? Duration.ofMillis(1) : remaining);
        target.headers().forEach(builder::header);
        if (protocolVersion != null) {
            builder.header(PROTOCOL_HEADER, protocolVersion);
        }
        if (sessionId != null) {
            builder.header(SESSION_HEADER, sessionId);
        }
        return builder;
    }

    private HttpResponse<InputStream> exchange(ObjectNode message, String what, Deadline deadline, boolean stoppable)
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
            StatelessRequests.paramHeaders(target.paramHeaders(), message).forEach(builder::header);
        }
        HttpRequest request =
                builder.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        CompletableFuture<HttpResponse<InputStream>> pending =
                http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        while (true) {
            try {
                return pending.get(McpSession.wait(deadline).toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (stoppable && context.isStopRequested()) {
                    pending.cancel(true);
                    throw new OperationStoppedException("stopped while sending " + what + " to the upstream");
                }
                if (deadline.passed()) {
                    pending.cancel(true);
                    throw McpSession.timedOut(target, what, deadline);
                }
            } catch (ExecutionException e) {
                throw connectionFailure(what, e.getCause(), deadline);
            }
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
            items.add(new StreamItem.NotJsonRpc(McpSession.sample(data)));
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
                .orElse(McpSession.sample(body));
        int status = response.statusCode();
        return new UpstreamException(
                target.redact(target.describe() + ": the upstream refused " + what + " with HTTP " + status
                        + (detail.isBlank() ? "" : ": " + McpSession.sample(detail))),
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
            return McpSession.timedOut(target, what, deadline);
        }
        return unreachable(
                "the connection to " + target.url() + " failed while sending " + what + " (" + describe(cause) + ")");
    }

    private UpstreamException unreachable(String what) {
        return new UpstreamException(target.redact(target.describe() + ": " + what), 0, true);
    }

    private UpstreamException failure(String what) {
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

    // Cuts the answer only once its reader has read to its end (closing is then a no-op), or endGrace has passed.
    private void closeAfterItsEnd(HttpResponse<InputStream> response, CountDownLatch readerDone) {
        try {
            readerDone.await(endGrace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close(response);
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException e) {
            // closing aborts the exchange; nothing is left to read
        }
    }
}
