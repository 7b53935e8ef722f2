package dev.taskgate.frontend.mcp.http;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.Served;
import dev.taskgate.frontend.mcp.v2025.ClientResponses;
import dev.taskgate.frontend.mcp.v2025.Mcp2025CallInput;
import dev.taskgate.frontend.mcp.v2025.Mcp2025InFlight;
import dev.taskgate.frontend.mcp.v2025.Mcp2025RemoteCancel;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Server;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Sessions;

/**
 * The 2025-era side of the {@code /mcp} endpoint (transports 2025-11-25 §2), entered after Host, Origin,
 * authentication and JSON envelope checks passed, for an {@code initialize} asking for a 2025-era version or any
 * message carrying {@code Mcp-Session-Id}. {@code initialize} opens a durable session and returns its id in
 * {@code Mcp-Session-Id}; later messages must name a live session of the same caller (404 otherwise) and, when they
 * send {@code MCP-Protocol-Version}, the negotiated one (400 otherwise). Notifications are 202.
 */
@Singleton
class Mcp2025Http {
    /** The session header (case-insensitive on the wire). */
    static final String SESSION_HEADER = "Mcp-Session-Id";
    /** The protocol version header. */
    static final String VERSION_HEADER = "MCP-Protocol-Version";

    private final Mcp2025Sessions sessions;
    private final Mcp2025Server server;
    private final Mcp2025InFlight inFlight;
    private final Mcp2025CallResponder responder;
    private final ClientResponses clientResponses;
    private final Mcp2025TaskResultStream taskResults;
    private final ListenStreams listeners;
    private final Mcp2025RemoteCancel remoteCancel;

    Mcp2025Http(
            Mcp2025Sessions sessions,
            Mcp2025Server server,
            Mcp2025InFlight inFlight,
            Mcp2025CallResponder responder,
            ClientResponses clientResponses,
            Mcp2025TaskResultStream taskResults,
            ListenStreams listeners,
            Mcp2025RemoteCancel remoteCancel) {
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
    static boolean isClientResponse(HttpHeaders headers, byte[] body) {
        return headers.getHeaderString(SESSION_HEADER) != null && ClientResponses.isResponse(body);
    }

    /**
     * Serves a client's JSON-RPC response ({@link ClientResponses}): 202, or 404 / 400 like any session message; a
     * response the server cannot accept gets 400 (503 when job-control could not take it) with an id-less error
     * (transports §2.1).
     */
    Response clientResponse(HttpHeaders headers, byte[] body, AuthenticatedCaller caller) {
        Optional<Mcp2025Session> found =
                sessions.use(headers.getHeaderString(SESSION_HEADER).trim(), caller.caller());
        if (found.isEmpty()) {
            return sessionNotFound(null);
        }
        ClientResponses.Outcome outcome = clientResponses.accept(
                body, checkVersion(found.get(), headers.getHeaderString(VERSION_HEADER)), caller);
        if (outcome.accepted()) {
            return Response.accepted().build();
        }
        return Response.status(outcome.retryLater() ? 503 : 400)
                .type(MediaType.APPLICATION_JSON)
                .entity(McpResponses.error(null, outcome.refusal().error()))
                .build();
    }

    /** Whether this POST belongs to the 2025-era adapter. */
    static boolean handles(HttpHeaders headers, JsonRpcRequest request) {
        return headers.getHeaderString(SESSION_HEADER) != null || Mcp2025Server.isMcp2025Initialize(request);
    }

    /**
     * Serves one POSTed message. Errors come back as {@link McpException} for the endpoint to render, thrown or
     * failing the answer. A tool call waits for job-control's reply, and a synchronous one for its first message,
     * without a thread.
     */
    CompletionStage<Response> post(HttpHeaders headers, JsonRpcRequest request, AuthenticatedCaller caller) {
        if (Mcp2025Server.isMcp2025Initialize(request)) {
            if (request.isNotification()) {
                return ServedAnswers.now(Response.accepted().build());
            }
            String version = Mcp2025Server.negotiate(request);
            Mcp2025Session session =
                    sessions.open(caller.caller(), version, request.params().get("capabilities"));
            return ServedAnswers.now(Response.ok(
                            McpResponses.result(request.id(), McpResult.of(server.initializeResult(version))),
                            MediaType.APPLICATION_JSON)
                    .header(SESSION_HEADER, session.id())
                    .build());
        }
        Optional<Mcp2025Session> found =
                sessions.use(headers.getHeaderString(SESSION_HEADER).trim(), caller.caller());
        if (found.isEmpty()) {
            return ServedAnswers.now(sessionNotFound(request.id()));
        }
        Mcp2025Session session = checkVersion(found.get(), headers.getHeaderString(VERSION_HEADER));
        if (request.isNotification()) {
            if ("notifications/cancelled".equals(request.method())) {
                JsonNode requestId = request.params().get("requestId");
                if (requestId != null && (requestId.isTextual() || requestId.isIntegralNumber())) {
                    if (!inFlight.cancel(Mcp2025InFlight.key(session.id(), requestId))) {
                        remoteCancel.cancel(session.id(), requestId, caller); // the call may wait elsewhere
                    }
                }
            }
            return ServedAnswers.now(Response.accepted().build());
        }
        String key = Mcp2025InFlight.key(session.id(), request.id());
        if ("tools/call".equals(request.method()) && inFlight.cancelledEarly(key)) {
            throw McpErrors.internal("The request was cancelled before it was admitted; nothing ran.", null);
        }
        if ("tasks/result".equals(request.method()) && server.negotiatesTasks(session.protocolVersion())) {
            return ServedAnswers.now(
                    taskResults.respond(request, session, caller)); // streams the task's input requests (tasks §7)
        }
        Served served = server.serve(request, session, caller);
        if ("logging/setLevel".equals(request.method())) {
            // the session's listen streams here use the new level at once (elsewhere at their next session check)
            listeners.logLevelChanged(Mcp2025Sessions.hash(session.id()), Mcp2025Server.requestedLogLevel(request));
        }
        Mcp2025CallInput.Asker asker = new Mcp2025CallInput.Asker(session, caller);
        return ServedAnswers.of(request.id(), served, call -> responder.respond(key, request.id(), call, asker));
    }

    /** {@code DELETE} with {@code Mcp-Session-Id}: 204 when a live session of the caller ended, 404 otherwise. */
    Response delete(String sessionId, AuthenticatedCaller caller) {
        if (sessions.end(sessionId.trim(), caller.caller())) {
            listeners.sessionEnded(Mcp2025Sessions.hash(sessionId.trim())); // its listen streams here end now
            return Response.noContent().build();
        }
        return sessionNotFound(null);
    }

    /** The session, when the request sent no {@code MCP-Protocol-Version} or the negotiated one; 400 otherwise. */
    static Mcp2025Session checkVersion(Mcp2025Session session, String version) {
        if (version != null && !version.trim().equals(session.protocolVersion())) {
            throw McpErrors.invalidRequest(
                    "Bad MCP-Protocol-Version: this session negotiated " + session.protocolVersion() + ".");
        }
        return session;
    }

    /** 404: the client must initialize again without the header (transports §2.3). */
    static Response sessionNotFound(JsonNode id) {
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
