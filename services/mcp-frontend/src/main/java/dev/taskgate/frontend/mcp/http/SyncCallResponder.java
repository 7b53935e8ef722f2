package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.SyncCall;

/**
 * Answers a synchronous {@code tools/call} that is still running (MCP 2026-07-28 §6.5): headers are not committed
 * until the first outbound message. If that is the result, the answer is plain {@code application/json}; if it is
 * a {@code notifications/progress}, the answer becomes a {@code text/event-stream} carrying the notifications, SSE
 * comment lines while the operation is silent, then the response as the last event, and ends. Closing the
 * connection before the end cancels the execution (§6.7); nothing more is written for it.
 */
@Singleton
class SyncCallResponder {
    static final String EVENT_STREAM = "text/event-stream";
    private static final Logger LOG = Logger.getLogger(SyncCallResponder.class);
    private static final byte[] HEARTBEAT = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATA_EVENT = "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NEXT_DATA_LINE = "\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END_EVENT = "\n\n".getBytes(StandardCharsets.US_ASCII);

    /**
     * The response for {@code call}; takes ownership of it (closes it when done). Blocking until the first message.
     * An error outcome before anything was streamed is thrown as {@link McpException}.
     */
    Response respond(JsonNode id, SyncCall call, HttpServerResponse connection) {
        boolean handedOver = false;
        try {
            // Runs on the event loop when the client disconnects; it only queues a signal for this thread.
            connection.closeHandler(v -> call.callerGone());
            while (true) {
                SyncCall.Step step = call.next();
                switch (step.kind()) {
                    case RESULT:
                        return Response.ok(McpResponses.result(id, step.result()), MediaType.APPLICATION_JSON)
                                .build();
                    case PROGRESS:
                    case LOG:
                        handedOver = true;
                        return stream(id, call, step);
                    default:
                        break; // nothing committed yet: a heartbeat has nothing to keep alive
                }
            }
        } finally {
            if (!handedOver) {
                call.close();
            }
        }
    }

    private static Response stream(JsonNode id, SyncCall call, SyncCall.Step first) {
        StreamingOutput body = out -> {
            try {
                event(out, McpResponses.notification(first.message()));
                while (true) {
                    SyncCall.Step step;
                    try {
                        step = call.next();
                    } catch (McpException e) {
                        event(out, McpResponses.error(id, e.error()));
                        return;
                    } catch (RuntimeException e) {
                        String correlationId = UUID.randomUUID().toString();
                        LOG.errorf(
                                e,
                                "MCP progress stream failed correlationId=%s executionId=%s",
                                correlationId,
                                call.executionId());
                        event(
                                out,
                                McpResponses.error(
                                        id, McpErrors.unexpected(correlationId).error()));
                        return;
                    }
                    switch (step.kind()) {
                        case PROGRESS:
                        case LOG:
                            event(out, McpResponses.notification(step.message()));
                            break;
                        case HEARTBEAT:
                            out.write(HEARTBEAT);
                            out.flush();
                            break;
                        case RESULT:
                            event(out, McpResponses.result(id, step.result()));
                            return;
                        default:
                            throw new IllegalStateException("unknown step " + step.kind());
                    }
                }
            } catch (IOException e) {
                LOG.debugf("progress stream closed by the client executionId=%s", call.executionId());
                call.abandon("the caller closed the stream of a synchronous MCP call");
            } finally {
                call.close();
            }
        };
        return Response.ok(body, EVENT_STREAM)
                .header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no")
                .build();
    }

    /**
     * One JSON message per event. A stored tool result is written byte for byte and may hold line breaks as JSON
     * whitespace: each line becomes its own {@code data:} line, which the client joins with {@code \n} again
     * (WHATWG SSE), so the message arrives intact. A blank line ends the event.
     */
    static void event(OutputStream out, byte[] json) throws IOException {
        out.write(DATA_EVENT);
        int start = 0;
        for (int i = 0; i < json.length; i++) {
            if (json[i] == '\n' || json[i] == '\r') {
                out.write(json, start, i - start);
                out.write(NEXT_DATA_LINE);
                if (json[i] == '\r' && i + 1 < json.length && json[i + 1] == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        out.write(json, start, json.length - start);
        out.write(END_EVENT);
        out.flush();
    }
}
