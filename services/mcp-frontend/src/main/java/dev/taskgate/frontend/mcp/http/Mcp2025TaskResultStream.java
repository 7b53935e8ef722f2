package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;
import dev.taskgate.frontend.mcp.v2025.Mcp2025TaskResults;

/**
 * {@code tasks/result} over Streamable HTTP in a 2025-11-25 session. While the task runs, the response becomes an SSE
 * stream as soon as there is something to tell the client before the end (input requests, progress, log messages:
 * {@link Mcp2025TaskResults}); the stream keeps blocking until the task is terminal and ends with the
 * {@code tasks/result} answer. A task with nothing to tell is answered as plain JSON. A disconnect never cancels the
 * task; keep-alive comments every heartbeat interval while nothing else is sent. Input answers come back as POSTs.
 */
@Singleton
class Mcp2025TaskResultStream {
    private static final Logger LOG = Logger.getLogger(Mcp2025TaskResultStream.class);
    private static final byte[] HEARTBEAT = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATA_EVENT = "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END_EVENT = "\n\n".getBytes(StandardCharsets.US_ASCII);

    private final Mcp2025TaskResults results;
    private final Duration heartbeat;

    Mcp2025TaskResultStream(Mcp2025TaskResults results, FrontendConfig config) {
        this.results = results;
        this.heartbeat = config.mcp().heartbeatInterval();
    }

    /** Serves {@code tasks/result} in an HTTP session. Errors before the stream starts are thrown. Blocking. */
    Response respond(JsonRpcRequest request, Mcp2025Session session, AuthenticatedCaller caller) {
        Mcp2025TaskResults.Wait wait = results.open(request, session, caller);
        boolean handedOver = false;
        try {
            List<ObjectNode> first = wait.next(Long.MAX_VALUE);
            if (first == null) {
                return Response.ok(
                                McpResponses.result(request.id(), results.result(request, caller)),
                                MediaType.APPLICATION_JSON)
                        .build();
            }
            handedOver = true;
            return Response.ok(stream(request, caller, wait, first), "text/event-stream")
                    .header("Cache-Control", "no-cache")
                    .header("X-Accel-Buffering", "no")
                    .build();
        } finally {
            if (!handedOver) {
                wait.close();
            }
        }
    }

    private StreamingOutput stream(
            JsonRpcRequest request, AuthenticatedCaller caller, Mcp2025TaskResults.Wait wait, List<ObjectNode> first) {
        UUID executionId = wait.executionId();
        return out -> {
            try {
                List<ObjectNode> batch = first;
                while (batch != null) {
                    if (batch.isEmpty()) {
                        out.write(HEARTBEAT);
                        out.flush();
                    }
                    for (ObjectNode message : batch) {
                        event(out, McpResponses.notification(message)); // a request or a notification: as built
                    }
                    batch = wait.next(heartbeat.toNanos());
                }
                byte[] last;
                try {
                    McpResult result = results.result(request, caller);
                    last = McpResponses.result(request.id(), result);
                } catch (McpException e) {
                    last = McpResponses.error(request.id(), e.error());
                }
                event(out, last);
            } catch (McpException e) {
                event(out, McpResponses.error(request.id(), e.error()));
            } catch (RuntimeException e) {
                String correlationId = UUID.randomUUID().toString();
                LOG.errorf(
                        e,
                        "MCP 2025 tasks/result stream failed correlationId=%s executionId=%s",
                        correlationId,
                        executionId);
                event(
                        out,
                        McpResponses.error(
                                request.id(),
                                McpErrors.unexpected(correlationId).error()));
            } catch (IOException e) {
                LOG.debugf("2025 tasks/result stream closed by the client executionId=%s", executionId);
            } finally {
                wait.close();
            }
        };
    }

    // Stored results may hold raw line breaks (JSON whitespace): each becomes a space so the event is one data line.
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
