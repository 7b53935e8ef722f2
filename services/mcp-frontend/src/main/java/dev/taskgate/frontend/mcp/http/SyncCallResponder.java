package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.v2025.Mcp2025CallInput;

/**
 * Answers a synchronous {@code tools/call} that is still running, for both generations (MCP 2026-07-28 §6.5,
 * transports 2025-11-25 §2.1): headers are not committed until the first outbound message. If that is the result,
 * the answer is plain {@code application/json}; if it is a notification ({@code notifications/progress},
 * {@code notifications/message}, a 2025-era server-to-client request), the answer becomes a
 * {@code text/event-stream} carrying the notifications, SSE comment lines while the operation is silent, then the
 * response as the last event, and ends. What a generation does its own way is its {@link Generation}; in
 * 2026-07-28 ({@link #respond(JsonNode, SyncCall, HttpServerResponse)}) no thread waits for the first message, and
 * closing the connection before the end cancels the execution (§6.7) and nothing more is written for it.
 */
@Singleton
class SyncCallResponder {
    private static final Logger LOG = Logger.getLogger(SyncCallResponder.class);

    /** What one protocol generation does its own way while its call is answered. */
    interface Generation {
        /** Writes one JSON-RPC message as one SSE event. */
        void event(OutputStream out, byte[] json) throws IOException;

        /**
         * The requests an {@link SyncCall.Kind#INPUT} step sends on the stream, or the call's answer instead (only
         * 2025-era calls report input).
         */
        default Mcp2025CallInput.Asked input(SyncCall.Step step) {
            throw new IllegalStateException("unexpected step " + step.kind());
        }

        /** The client closed the stream before the end. */
        default void closedByClient() {}

        /**
         * Whether the client is known to be gone although no write failed: over HTTP/1.1 the framework takes the
         * response's close handler once the body streams, and writes to a closed connection do not always fail.
         */
        default boolean clientGone() {
            return false;
        }

        /** The call is over, answered or not; runs once, before the call is closed. */
        default void ended() {}
    }

    private final Vertx vertx;

    SyncCallResponder(Vertx vertx) {
        this.vertx = vertx;
    }

    /** A running 2026-07-28 call, as {@link #respond(JsonNode, SyncCall, Generation)}. */
    CompletableFuture<Response> respond(JsonNode id, SyncCall call, HttpServerResponse connection) {
        // Runs on the event loop when the client disconnects; it only queues a signal for the call.
        connection.closeHandler(v -> call.callerGone());
        if (connection.closed()) {
            call.callerGone(); // gone while the call was being submitted, before the handler was there
        }
        Generation generation = new Generation() {
            @Override
            public void event(OutputStream out, byte[] json) throws IOException {
                SseEvents.event(out, json);
            }

            @Override
            public void closedByClient() {
                call.abandon("the caller closed the stream of a synchronous MCP call");
            }

            @Override
            public boolean clientGone() {
                return connection.closed();
            }
        };
        return respond(id, call, generation);
    }

    /**
     * The response for {@code call}, written the way of {@code generation}; takes ownership of the call (closes it
     * when done). No thread waits for its first message ({@link FirstMessage}); the answer completes on a worker
     * thread, failed with the {@link McpException} to answer instead when the call ends in an error before anything
     * was streamed. A streamed answer holds a thread while it streams.
     */
    CompletableFuture<Response> respond(JsonNode id, SyncCall call, Generation generation) {
        CompletableFuture<SyncCall.Step> first;
        try {
            first = FirstMessage.of(call, vertx);
        } catch (RuntimeException e) {
            end(call, generation);
            throw e;
        }
        return first.handle((step, failure) -> {
            if (failure != null) {
                end(call, generation);
                throw failure instanceof RuntimeException
                        ? (RuntimeException) failure
                        : new CompletionException(failure);
            }
            return answer(id, call, step, generation);
        });
    }

    // The answer that begins with the call's first step: the result as plain JSON, or a stream from that message on.
    // Ends the call unless it streams (the stream ends it). On the worker thread that polled the step: asking a
    // 2025-era client for input may block.
    private static Response answer(JsonNode id, SyncCall call, SyncCall.Step step, Generation generation) {
        boolean handedOver = false;
        try {
            switch (step.kind()) {
                case RESULT:
                    return json(id, step.result());
                case PROGRESS:
                case LOG:
                    handedOver = true;
                    return stream(id, call, List.of(step.message()), generation);
                case INPUT:
                    Mcp2025CallInput.Asked asked = generation.input(step);
                    if (asked.answer() != null) {
                        return json(id, asked.answer());
                    }
                    handedOver = true;
                    return stream(id, call, asked.requests(), generation);
                default:
                    throw new IllegalStateException("unexpected first step " + step.kind());
            }
        } finally {
            if (!handedOver) {
                end(call, generation);
            }
        }
    }

    private static void end(SyncCall call, Generation generation) {
        generation.ended();
        call.close();
    }

    private static Response json(JsonNode id, McpResult result) {
        return Response.ok(McpResponses.result(id, result), MediaType.APPLICATION_JSON)
                .build();
    }

    private static Response stream(JsonNode id, SyncCall call, List<ObjectNode> first, Generation generation) {
        StreamingOutput body = out -> {
            try {
                for (ObjectNode message : first) {
                    generation.event(out, McpResponses.notification(message));
                }
                while (true) {
                    if (generation.clientGone()) {
                        throw new IOException("the client closed the connection");
                    }
                    SyncCall.Step step;
                    try {
                        step = call.next();
                    } catch (McpException e) {
                        generation.event(out, McpResponses.error(id, e.error()));
                        return;
                    } catch (RuntimeException e) {
                        String correlationId = UUID.randomUUID().toString();
                        LOG.errorf(
                                e,
                                "MCP call stream failed correlationId=%s executionId=%s",
                                correlationId,
                                call.executionId());
                        generation.event(
                                out,
                                McpResponses.error(
                                        id, McpErrors.unexpected(correlationId).error()));
                        return;
                    }
                    switch (step.kind()) {
                        case PROGRESS:
                        case LOG:
                            generation.event(out, McpResponses.notification(step.message()));
                            break;
                        case HEARTBEAT:
                            SseEvents.keepAlive(out);
                            break;
                        case INPUT:
                            Mcp2025CallInput.Asked asked;
                            try {
                                asked = generation.input(step);
                            } catch (McpException e) {
                                generation.event(out, McpResponses.error(id, e.error()));
                                return;
                            }
                            if (asked.answer() != null) {
                                generation.event(out, McpResponses.result(id, asked.answer()));
                                return;
                            }
                            for (ObjectNode request : asked.requests()) {
                                generation.event(out, McpResponses.notification(request));
                            }
                            break;
                        case RESULT:
                            generation.event(out, McpResponses.result(id, step.result()));
                            return;
                        default:
                            throw new IllegalStateException("unknown step " + step.kind());
                    }
                }
            } catch (IOException e) {
                LOG.debugf("MCP call stream closed by the client executionId=%s", call.executionId());
                generation.closedByClient();
            } finally {
                end(call, generation);
            }
        };
        return SseEvents.response(body);
    }
}
