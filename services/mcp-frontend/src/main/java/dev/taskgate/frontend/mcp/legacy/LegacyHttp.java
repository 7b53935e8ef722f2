package dev.taskgate.frontend.mcp.legacy;

import java.util.Optional;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.Served;

/**
 * The 2025-era side of the {@code /mcp} endpoint (transports 2025-11-25 §2), entered after Host, Origin,
 * authentication and JSON envelope checks passed, for an {@code initialize} asking for a 2025-era version or any
 * message carrying {@code Mcp-Session-Id}. {@code initialize} opens a durable session and returns its id in
 * {@code Mcp-Session-Id}; later messages must name a live session of the same caller (404 otherwise) and, when they
 * send {@code MCP-Protocol-Version}, the negotiated one (400 otherwise). Notifications are 202.
 */
@Singleton
public class LegacyHttp {
    /** The session header (case-insensitive on the wire). */
    public static final String SESSION_HEADER = "Mcp-Session-Id";
    /** The protocol version header. */
    public static final String VERSION_HEADER = "MCP-Protocol-Version";

    private final LegacySessions sessions;
    private final LegacyServer server;
    private final LegacyInFlight inFlight;
    private final LegacyCallResponder responder;
    private final ClientResponses clientResponses;
    private final LegacyTaskResults taskResults;
    private final ListenStreams listeners;
    private final LegacyRemoteCancel remoteCancel;

    LegacyHttp(
            LegacySessions sessions,
            LegacyServer server,
            LegacyInFlight inFlight,
            LegacyCallResponder responder,
            ClientResponses clientResponses,
            LegacyTaskResults taskResults,
            ListenStreams listeners,
            LegacyRemoteCancel remoteCancel) {
        this.taskResults = taskResults;
        this.remoteCancel = remoteCancel;
        this.listeners = listeners;
        this.sessions = sessions;
        this.server = server;
        this.inFlight = inFlight;
        this.responder = responder;
        this.clientResponses = clientResponses;
    }

    /** Whether this POST is a client's JSON-RPC response in a session (the answer to a server-to-client request). */
    public static boolean isClientResponse(HttpHeaders headers, byte[] body) {
        return headers.getHeaderString(SESSION_HEADER) != null && ClientResponses.isResponse(body);
    }

    /** Serves a client's JSON-RPC response ({@link ClientResponses}): 202, or 404 / 400 like any session message. */
    public Response clientResponse(HttpHeaders headers, byte[] body, AuthenticatedCaller caller) {
        Optional<LegacySession> found =
                sessions.use(headers.getHeaderString(SESSION_HEADER).trim(), caller.caller());
        if (found.isEmpty()) {
            return sessionNotFound(null);
        }
        String version = headers.getHeaderString(VERSION_HEADER);
        if (version != null && !version.trim().equals(found.get().protocolVersion())) {
            throw McpErrors.invalidRequest("Bad MCP-Protocol-Version: this session negotiated "
                    + found.get().protocolVersion() + ".");
        }
        return clientResponses.accept(body, found.get(), caller);
    }

    /** Whether this POST belongs to the 2025-era adapter. */
    public static boolean handles(HttpHeaders headers, JsonRpcRequest request) {
        return headers.getHeaderString(SESSION_HEADER) != null || LegacyServer.isLegacyInitialize(request);
    }

    /** Serves one POSTed message. Errors come back as {@link McpException} for the endpoint to render. */
    public Response post(
            HttpHeaders headers, JsonRpcRequest request, AuthenticatedCaller caller, HttpServerResponse connection) {
        if (LegacyServer.isLegacyInitialize(request)) {
            if (request.isNotification()) {
                return Response.accepted().build();
            }
            String version = LegacyServer.negotiate(request);
            LegacySession session =
                    sessions.open(caller.caller(), version, request.params().get("capabilities"));
            return Response.ok(
                            McpResponses.result(request.id(), McpResult.of(server.initializeResult(version))),
                            MediaType.APPLICATION_JSON)
                    .header(SESSION_HEADER, session.id())
                    .build();
        }
        Optional<LegacySession> found =
                sessions.use(headers.getHeaderString(SESSION_HEADER).trim(), caller.caller());
        if (found.isEmpty()) {
            return sessionNotFound(request.id());
        }
        LegacySession session = found.get();
        String version = headers.getHeaderString(VERSION_HEADER);
        if (version != null && !version.trim().equals(session.protocolVersion())) {
            throw McpErrors.invalidRequest(
                    "Bad MCP-Protocol-Version: this session negotiated " + session.protocolVersion() + ".");
        }
        if (request.isNotification()) {
            if ("notifications/cancelled".equals(request.method())) {
                JsonNode requestId = request.params().get("requestId");
                if (requestId != null && (requestId.isTextual() || requestId.isIntegralNumber())) {
                    if (!inFlight.cancel(LegacyInFlight.key(session.id(), requestId))) {
                        remoteCancel.cancel(session.id(), requestId, caller); // the call may wait elsewhere
                    }
                }
            }
            return Response.accepted().build();
        }
        String key = LegacyInFlight.key(session.id(), request.id());
        if ("tools/call".equals(request.method()) && inFlight.cancelledEarly(key)) {
            throw McpErrors.internal("The request was cancelled before it was admitted; nothing ran.", null);
        }
        if ("tasks/result".equals(request.method()) && LegacyServer.LATEST.equals(session.protocolVersion())) {
            return taskResults.respond(request, session, caller); // streams the task's input requests (tasks §7)
        }
        Served served = server.serve(request, session, caller);
        if (served.pending() != null) {
            return responder.respond(
                    key, request.id(), served.pending(), connection, new LegacyCallInput.Asker(session, caller));
        }
        return Response.ok(McpResponses.result(request.id(), served.result()), MediaType.APPLICATION_JSON)
                .build();
    }

    /** {@code DELETE} with {@code Mcp-Session-Id}: 204 when a live session of the caller ended, 404 otherwise. */
    public Response delete(String sessionId, AuthenticatedCaller caller) {
        if (sessions.end(sessionId.trim(), caller.caller())) {
            listeners.sessionEnded(LegacySessions.hash(sessionId.trim())); // its listen streams here end now
            return Response.noContent().build();
        }
        return sessionNotFound(null);
    }

    /** 404: the client must initialize again without the header (transports §2.3). */
    public static Response sessionNotFound(JsonNode id) {
        return Response.status(404)
                .type(MediaType.APPLICATION_JSON)
                .entity(McpResponses.error(
                        id,
                        McpErrors.invalidRequest("Session not found: it ended or expired; "
                                        + "initialize again without Mcp-Session-Id.")
                                .error()))
                .build();
    }
}
