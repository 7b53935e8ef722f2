package dev.taskgate.jobctl.upstream;

import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamDefinition;

/**
 * MCP's stdio transport for discovery: the process of a stdio upstream ({@link UpstreamProcess}), one JSON-RPC message
 * per line each way, stopped by {@link #close()}. A thread of its own reads the output all the time: answers go to the
 * request waiting for them (one request at a time), a {@code ping} of the upstream is answered, any other request of
 * it is answered {@code -32601} (discovery declares no client capabilities that it serves), and {@code
 * notifications/tools/list_changed} is passed on ({@link Events#announced()}). The process is lost — stopped, and
 * every later request refused with the reason — when its output ends, when it writes anything that is not JSON-RPC
 * (the specification allows nothing else there) or when it does not answer a request within the timeout.
 */
final class StdioDiscoveryTransport implements DiscoveryTransport {
    private static final Logger LOG = Logger.getLogger(StdioDiscoveryTransport.class);
    private static final int METHOD_NOT_FOUND = -32601;
    private static final JsonNode LOST = JsonNodeFactory.instance.objectNode();

    /** What the process says or does between requests. */
    interface Events {
        /** It sent {@code notifications/tools/list_changed}. */
        void announced();

        /** It was lost for {@code reason} (not when {@link #close()}d); called once, after the process was stopped. */
        void lost(String reason);

        Events NONE = new Events() {
            @Override
            public void announced() {}

            @Override
            public void lost(String reason) {}
        };
    }

    private final UpstreamDefinition upstream;
    private final UpstreamProcess process;
    private final Duration timeout;
    private final Events events;
    private final BlockingQueue<JsonNode> answers = new LinkedBlockingQueue<>();
    private final AtomicBoolean ended = new AtomicBoolean();
    private final Thread reader;
    // the method of the request waiting for its answer, for the reason given when the process is lost meanwhile
    private volatile String awaiting;
    private volatile String lostReason;
    // why its output ended, when that is how it was lost: a request is told it ended before its answer
    private volatile String ending;

    private StdioDiscoveryTransport(UpstreamDefinition upstream, UpstreamProcess process, Events events) {
        this.upstream = upstream;
        this.process = process;
        this.events = events;
        this.timeout = upstream.callTimeout().compareTo(Duration.ofMinutes(1)) < 0
                ? upstream.callTimeout()
                : Duration.ofMinutes(1);
        this.reader = new Thread(this::read, "upstream-stdio-" + upstream.id());
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts the upstream's command; what it says between requests goes to {@code events}. */
    static StdioDiscoveryTransport start(UpstreamDefinition upstream, Events events) throws UpstreamException {
        return new StdioDiscoveryTransport(upstream, UpstreamProcess.start(upstream), events);
    }

    /** Whether the process can still be asked: not lost and not closed. */
    boolean isUsable() {
        return !ended.get() && process.isAlive();
    }

    @Override
    public synchronized JsonNode exchange(long id, ObjectNode message, String method) throws UpstreamException {
        if (ended.get()) {
            throw lost(method);
        }
        awaiting = method;
        try {
            process.send(Wire.toBytes(message), method);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long left = deadline - System.nanoTime();
                JsonNode answer = left <= 0 ? null : answers.poll(left, TimeUnit.NANOSECONDS);
                if (answer == null) {
                    String late = "upstream " + upstream.id() + " did not answer " + method + " within "
                            + timeout.toMillis() + " ms";
                    lose(late);
                    throw new UpstreamException(late);
                }
                if (answer == LOST) {
                    throw lost(method);
                }
                if (answer.path("id").asLong(-1) == id) {
                    return answer;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamException("interrupted while calling upstream " + upstream.id());
        } finally {
            awaiting = null;
        }
    }

    @Override
    public void sendNotification(ObjectNode message, String method) throws UpstreamException {
        process.send(Wire.toBytes(message), method);
    }

    // stdio has no stream to open: the upstream's own messages arrive on the output that read() follows
    @Override
    public boolean hasServerStream() {
        return false;
    }

    @Override
    public ServerStream openServerStream() {
        return new ServerStream(ServerStream.Kind.NOT_OFFERED, InputStream.nullInputStream());
    }

    @Override
    public void answer(ObjectNode message) throws UpstreamException {
        process.send(Wire.toBytes(message), "its own request");
    }

    @Override
    public void close() {
        if (ended.compareAndSet(false, true)) {
            process.stop();
            answers.add(LOST);
        }
    }

    private void read() {
        try {
            while (!ended.get()) {
                UpstreamProcess.Output output = process.take();
                if (output.ended()) {
                    if (!ended.get()) {
                        ending = output.failure() == null
                                ? process.exitStatus()
                                : output.failure().getMessage();
                        lose("upstream " + upstream.id() + " ended its output: " + ending);
                    }
                    return;
                }
                if (!output.line().isBlank() && !handle(output.line())) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Handles one line; whether to go on reading. */
    private boolean handle(String line) {
        String method = awaiting;
        JsonNode message;
        try {
            message = DiscoverySession.parse(upstream, line, method == null ? "nothing" : method);
        } catch (UpstreamException e) {
            lose(
                    method == null
                            ? "upstream " + upstream.id() + " wrote a line that is not JSON-RPC 2.0 between requests"
                            : e.getMessage());
            return false;
        }
        String own = message.path("method").asText("");
        if (own.isEmpty()) {
            answers.add(message);
        } else if (message.hasNonNull("id")) {
            answerOwnRequest(own, message.get("id"));
        } else if (ToolListListener.LIST_CHANGED.equals(own)) {
            LOG.debugf("Upstream announced a tool list change [upstream=%s]", upstream.id());
            events.announced();
        }
        return true;
    }

    private void answerOwnRequest(String method, JsonNode id) {
        ObjectNode message = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
        message.set("id", id);
        if ("ping".equals(method)) {
            message.putObject("result");
        } else {
            message.putObject("error").put("code", METHOD_NOT_FOUND).put("message", "Method not found: " + method);
        }
        try {
            answer(message);
        } catch (UpstreamException e) {
            // its input is gone: the end of its output follows and loses it
            LOG.debugf("Upstream request not answered [upstream=%s reason=%s]", upstream.id(), e.getMessage());
        }
    }

    private UpstreamException lost(String method) {
        String why = ending;
        if (why != null) {
            return new UpstreamException(
                    "upstream " + upstream.id() + " ended its output before answering " + method + ": " + why);
        }
        String reason = lostReason;
        return new UpstreamException(
                reason != null ? reason : "upstream " + upstream.id() + ": its process was stopped");
    }

    private void lose(String reason) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        lostReason = reason;
        answers.add(LOST);
        LOG.debugf("Upstream process stopped [upstream=%s reason=%s]", upstream.id(), reason);
        process.stop();
        events.lost(reason);
    }
}
