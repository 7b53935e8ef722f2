package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
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
            return SseEvents.response(stream(request, caller, wait, first));
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
                        SseEvents.keepAlive(out);
                    }
                    for (ObjectNode message : batch) {
                        SseEvents.eventOnOneLine(
                                out, McpResponses.notification(message)); // a request or a notification: as built
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
                SseEvents.eventOnOneLine(out, last);
            } catch (McpException e) {
                SseEvents.eventOnOneLine(out, McpResponses.error(request.id(), e.error()));
            } catch (RuntimeException e) {
                String correlationId = UUID.randomUUID().toString();
                LOG.errorf(
                        e,
                        "MCP 2025 tasks/result stream failed correlationId=%s executionId=%s",
                        correlationId,
                        executionId);
                SseEvents.eventOnOneLine(
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
}
