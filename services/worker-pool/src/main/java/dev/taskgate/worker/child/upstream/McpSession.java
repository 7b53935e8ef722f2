package dev.taskgate.worker.child.upstream;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * A JSON-RPC client session with one upstream, over its transport ({@link McpTransport}: Streamable HTTP or stdio):
 * sends a request and waits for its answer, handing the server's requests and notifications that come first to the
 * request's {@link ServerMessages} and posting their replies; stops waiting on a stop request or at the deadline.
 */
final class McpSession {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** How often a waiting thread looks at the stop flag and the deadline. */
    private static final Duration POLL = Duration.ofMillis(50);

    private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(5);
    private static final int SAMPLE_CHARACTERS = 200;

    private final UpstreamTarget target;
    private final OperationContext context;
    private final McpTransport transport;
    private final AtomicLong ids = new AtomicLong();
    private volatile String protocolVersion;

    McpSession(UpstreamTarget target, OperationContext context, McpTransport transport) {
        this.target = target;
        this.context = context;
        this.transport = transport;
    }

    /** A session over the transport {@code target} names: a stdio command or a Streamable HTTP URL. */
    static McpSession of(UpstreamTarget target, OperationContext context) {
        McpTransport transport =
                target.command().isPresent() ? new McpStdioTransport(target) : new McpHttpTransport(target, context);
        return new McpSession(target, context, transport);
    }

    /**
     * A session over a stdio process an earlier run initialized and left idle: no {@code initialize}, and request ids
     * continue where that run stopped.
     */
    static McpSession overKeptProcess(
            UpstreamTarget target, OperationContext context, UpstreamSessions.IdleProcess kept) {
        McpSession session = new McpSession(target, context, new McpStdioTransport(target, kept));
        session.ids.set(kept.nextId() - 1);
        session.protocolVersion = kept.version();
        return session;
    }

    /** Hands a stdio session's process over to be kept, if it is alive and initialized (see {@link McpStdioTransport}). */
    Optional<UpstreamSessions.IdleProcess> detachProcess() {
        if (!(transport instanceof McpStdioTransport stdio) || protocolVersion == null) {
            return Optional.empty();
        }
        return stdio.detach(protocolVersion, ids.get() + 1);
    }

    long nextId() {
        return ids.incrementAndGet();
    }

    Optional<String> sessionId() {
        return transport.sessionId();
    }

    /** Continues a session an earlier run initialized, without initializing again. */
    void adopt(String savedSessionId, String version) {
        transport.adopt(savedSessionId, version);
        this.protocolVersion = version;
    }

    /** Starts over without a session: the next request must be {@code initialize}. */
    void reset() {
        transport.reset();
        this.protocolVersion = null;
    }

    /** The protocol version negotiated (or adopted), if any. */
    Optional<String> protocolVersion() {
        return Optional.ofNullable(protocolVersion);
    }

    /** Sets the protocol version negotiated by {@code initialize}. */
    void negotiated(String version) {
        transport.negotiated(version);
        this.protocolVersion = version;
    }

    /**
     * Sends a request and waits for its response, handing the server's messages that come before it to
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
        McpTransport.Incoming incoming = transport.send(message, method, deadline, stoppable);
        try {
            while (true) {
                StreamItem item = incoming.poll(wait(deadline));
                if (item == null) {
                    if (stoppable && context.isStopRequested()) {
                        throw new OperationStoppedException(
                                "stopped while waiting for the upstream's answer to " + method);
                    }
                    if (deadline.passed()) {
                        throw timedOut(target, method, deadline);
                    }
                    continue;
                }
                if (item instanceof StreamItem.Message m) {
                    RpcMessage received = m.message();
                    if (received.isResponse()) {
                        if (received.answers(id)) {
                            return received;
                        }
                    } else if (received.isRequest()) {
                        ServerMessages.Reply reply = handler.answer(received);
                        if (reply.thenFail() != null) {
                            // the call fails whatever becomes of the refusal: its reason is the interaction that
                            // could not be relayed, not how the upstream took being told so
                            postRefusal(reply, received.method(), deadline);
                            throw reply.thenFail();
                        }
                        if (reply.response() != null) {
                            post(reply.response(), "the answer to " + received.method(), deadline);
                        }
                    } else {
                        handler.notice(received);
                    }
                } else if (item instanceof StreamItem.NotJsonRpc garbage) {
                    throw failure("the upstream answered " + method + " with data that is not a JSON-RPC message: "
                            + garbage.sample());
                } else {
                    throw incoming.ended(item, method);
                }
            }
        } finally {
            incoming.close();
        }
    }

    private void postRefusal(ServerMessages.Reply reply, String method, Deadline deadline)
            throws OperationStoppedException, InterruptedException {
        if (reply.response() == null) {
            return;
        }
        try {
            post(reply.response(), "the answer to " + method, deadline);
        } catch (UpstreamException refused) {
            reply.thenFail().addSuppressed(refused);
        }
    }

    /** Posts a notification or a response to a server request; the upstream must accept it. */
    void post(ObjectNode message, String what, Deadline deadline)
            throws OperationStoppedException, InterruptedException {
        transport.post(message, what, deadline);
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

    /** Ends the session on the upstream, best effort (a stdio upstream's process is stopped). */
    void terminate() {
        transport.terminate();
    }

    UpstreamException failure(String what) {
        return new UpstreamException(target.redact(target.describe() + ": " + what));
    }

    static UpstreamException timedOut(UpstreamTarget target, String what, Deadline deadline) {
        return new UpstreamException(target.redact(target.describe() + ": no answer to " + what
                + " within the call timeout of " + deadline.total().toMillis() + " ms"));
    }

    static Duration wait(Deadline deadline) {
        Duration remaining = deadline.remaining();
        return remaining.compareTo(POLL) < 0 ? (remaining.isZero() ? Duration.ofMillis(1) : remaining) : POLL;
    }

    /** The start of {@code text} without control characters, for a failure message. */
    static String sample(String text) {
        String flat = text.replaceAll("\\p{Cntrl}", " ").strip();
        return flat.length() <= SAMPLE_CHARACTERS ? flat : flat.substring(0, SAMPLE_CHARACTERS) + "…";
    }
}
