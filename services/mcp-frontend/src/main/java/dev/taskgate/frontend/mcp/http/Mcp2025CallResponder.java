package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.v2025.Mcp2025CallInput;
import dev.taskgate.frontend.mcp.v2025.Mcp2025InFlight;

/**
 * Answers a running 2025-era synchronous {@code tools/call} over Streamable HTTP: plain JSON when the result comes
 * first; an SSE stream of {@code notifications/progress} and {@code notifications/message}, keep-alive comments and
 * finally the response when a notification comes first. Unlike 2026-07-28, a disconnect is not a cancellation in this
 * generation (transports §2.1): only {@code notifications/cancelled} (through {@link Mcp2025InFlight}) cancels. Keeps
 * the in-flight registration for the call's whole life.
 */
@Singleton
class Mcp2025CallResponder {
    private static final Logger LOG = Logger.getLogger(Mcp2025CallResponder.class);
    private static final byte[] HEARTBEAT = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATA_EVENT = "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END_EVENT = "\n\n".getBytes(StandardCharsets.US_ASCII);

    private final Mcp2025InFlight inFlight;
    private final Mcp2025CallInput input;

    Mcp2025CallResponder(Mcp2025InFlight inFlight, Mcp2025CallInput input) {
        this.inFlight = inFlight;
        this.input = input;
    }

    Response respond(String key, JsonNode id, SyncCall call, HttpServerResponse connection) {
        return respond(key, id, call, connection, null);
    }

    /**
     * As {@link #respond(String, JsonNode, SyncCall, HttpServerResponse)}; with {@code asker} (session and caller)
     * the input the execution waits for is asked from the client on the stream ({@link Mcp2025CallInput}).
     */
    Response respond(
            String key, JsonNode id, SyncCall call, HttpServerResponse connection, Mcp2025CallInput.Asker asker) {
        if (asker != null) {
            call.reportInputRequests();
        }
        boolean handedOver = false;
        inFlight.started(key, call);
        try {
            while (true) {
                SyncCall.Step step = call.next();
                switch (step.kind()) {
                    case RESULT:
                        return Response.ok(McpResponses.result(id, step.result()), MediaType.APPLICATION_JSON)
                                .build();
                    case PROGRESS:
                    case LOG:
                        handedOver = true;
                        return stream(key, id, call, List.of(step.message()), asker);
                    case INPUT:
                        Mcp2025CallInput.Asked asked = input.ask(asker, call, step);
                        if (asked.answer() != null) {
                            return Response.ok(McpResponses.result(id, asked.answer()), MediaType.APPLICATION_JSON)
                                    .build();
                        }
                        handedOver = true;
                        return stream(key, id, call, asked.requests(), asker);
                    default:
                        break;
                }
            }
        } finally {
            if (!handedOver) {
                inFlight.ended(key);
                call.close();
            }
        }
    }

    private Response stream(
            String key, JsonNode id, SyncCall call, List<ObjectNode> first, Mcp2025CallInput.Asker asker) {
        StreamingOutput body = out -> {
            try {
                for (ObjectNode message : first) {
                    event(out, McpResponses.notification(message));
                }
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
                                "MCP 2025 progress stream failed correlationId=%s executionId=%s",
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
                        case INPUT:
                            Mcp2025CallInput.Asked asked;
                            try {
                                asked = input.ask(asker, call, step);
                            } catch (McpException e) {
                                event(out, McpResponses.error(id, e.error()));
                                return;
                            }
                            if (asked.answer() != null) {
                                event(out, McpResponses.result(id, asked.answer()));
                                return;
                            }
                            for (ObjectNode request : asked.requests()) {
                                event(out, McpResponses.notification(request));
                            }
                            break;
                        default:
                            event(out, McpResponses.result(id, step.result()));
                            return;
                    }
                }
            } catch (IOException e) {
                LOG.debugf("2025 progress stream closed by the client executionId=%s", call.executionId());
            } finally {
                inFlight.ended(key);
                call.close();
            }
        };
        return Response.ok(body, "text/event-stream")
                .header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no")
                .build();
    }

    // Our JSON is rendered on one line except stored results, whose raw line breaks are JSON whitespace: each
    // becomes a space so the event stays one data line.
    private static void event(OutputStream out, byte[] json) throws IOException {
        for (int i = 0; i < json.length; i++) {
            if (json[i] == '\n' || json[i] == '\r') {
                json[i] = ' ';
            }
        }
        out.write(DATA_EVENT);
        out.write(json);
        out.write(END_EVENT);
        out.flush();
    }
}
