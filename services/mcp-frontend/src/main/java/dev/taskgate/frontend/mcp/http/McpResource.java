package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.security.AuthenticationCompletionException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.UnauthorizedException;
import io.smallrye.common.annotation.Blocking;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.CallerResolver;
import dev.taskgate.frontend.auth.Scopes;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpServer;
import dev.taskgate.frontend.mcp.RequestMeta;
import dev.taskgate.frontend.mcp.Served;
import dev.taskgate.frontend.mcp.subscriptions.SubscriptionRequests;
import dev.taskgate.problem.ProblemException;

/**
 * The MCP 2026-07-28 Streamable HTTP endpoint: one JSON-RPC message per POST, answered with
 * {@code application/json}, or with {@code text/event-stream} when a synchronous {@code tools/call} with a
 * {@code progressToken} reports progress before it ends ({@link SyncCallResponder}), and {@code subscriptions/listen}
 * with a long-lived {@code text/event-stream} ({@link Mcp2026Listen}). Checks run in the order of
 * §6.4: Host (400 when missing, 403 when foreign) and Origin (403), authentication (401/403),
 * JSON (-32700), envelope (-32600), {@code MCP-Protocol-Version} present, {@code _meta}, header = {@code _meta}
 * version, version supported, {@code Mcp-Method}/{@code Mcp-Name}; then {@link McpServer} serves the method.
 * Nothing is published before every check passed. Notifications are accepted with 202 and no body.
 *
 * <p>The methods run on worker threads. A tool call waits for job-control's reply without a thread
 * ({@link Served#later()}), and so does a synchronous call for its first message ({@link SyncCallResponder}); a
 * call that streams holds a worker thread while it streams.
 */
@Path(McpResource.PATH)
@Blocking
public class McpResource {
    /** The endpoint path. */
    public static final String PATH = "/mcp";
    /** Largest accepted body, as for the REST API. */
    public static final int MAX_BODY_BYTES = 1024 * 1024;

    private static final Logger LOG = Logger.getLogger(McpResource.class);

    private final HostGuard hosts;
    private final OriginGuard origins;
    private final CallerResolver callers;
    private final McpServer server;
    private final SyncCallResponder responder;
    private final Mcp2025Http mcp2025;
    private final ToolHeaderBindings toolHeaders;
    private final Mcp2025Listen listen;
    private final Mcp2026Listen listen2026;

    McpResource(
            HostGuard hosts,
            OriginGuard origins,
            CallerResolver callers,
            McpServer server,
            SyncCallResponder responder,
            Mcp2025Http mcp2025,
            ToolHeaderBindings toolHeaders,
            Mcp2025Listen listen,
            Mcp2026Listen listen2026) {
        this.hosts = hosts;
        this.listen2026 = listen2026;
        this.listen = listen;
        this.toolHeaders = toolHeaders;
        this.mcp2025 = mcp2025;
        this.responder = responder;
        this.origins = origins;
        this.callers = callers;
        this.server = server;
    }

    /** One JSON-RPC request or notification. */
    @POST
    public CompletionStage<Response> post(
            HttpHeaders headers,
            InputStream body,
            @Context HttpServerRequest http,
            @Context HttpServerResponse connection) {
        AuthenticatedCaller caller;
        byte[] bytes;
        try {
            guard(headers, http);
            caller = authenticate(headers);
            bytes = readBounded(body);
            if (Mcp2025Http.isClientResponse(headers, bytes)) {
                return ServedAnswers.now(
                        mcp2025.clientResponse(headers, bytes, caller)); // issue 4: answer to elicitation / sampling
            }
        } catch (McpException e) {
            return ServedAnswers.now(error(null, e));
        }
        JsonRpcRequest request;
        try {
            request = JsonRpcRequest.parse(bytes);
        } catch (McpException e) {
            return ServedAnswers.now(
                    error(e.error().code() == McpErrors.PARSE_ERROR ? null : JsonRpcRequest.readableId(bytes), e));
        }
        try {
            if (Mcp2025Http.handles(headers, request)) {
                return answered(request, mcp2025.post(headers, request, caller)); // 2025-era adapter (issue 4)
            }
            if (request.isNotification()) {
                return ServedAnswers.now(notification(headers, request));
            }
            RequestMeta meta = checked(headers, request);
            if (SubscriptionRequests.METHOD.equals(request.method())) {
                return ServedAnswers.now(listen2026.open(request, meta, caller, connection));
            }
            return answered(
                    request,
                    ServedAnswers.of(
                            request.id(),
                            server.serve(request, meta, caller),
                            call -> responder.respond(request.id(), call, connection)));
        } catch (McpException e) {
            return ServedAnswers.now(error(request.id(), e));
        } catch (RuntimeException e) {
            String correlationId = UUID.randomUUID().toString();
            LOG.errorf(e, "MCP request failed correlationId=%s method=%s", correlationId, request.method());
            return ServedAnswers.now(error(request.id(), McpErrors.unexpected(correlationId)));
        }
    }

    // an answer that failed with an MCP error is that error's response
    private CompletionStage<Response> answered(JsonRpcRequest request, CompletionStage<Response> answer) {
        return answer.handle((response, failure) -> {
            if (failure == null) {
                return response;
            }
            Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
            if (cause instanceof McpException) {
                return error(request.id(), (McpException) cause);
            }
            String correlationId = UUID.randomUUID().toString();
            LOG.errorf(cause, "MCP request failed correlationId=%s method=%s", correlationId, request.method());
            return error(request.id(), McpErrors.unexpected(correlationId));
        });
    }

    /**
     * No standalone SSE stream in 2026-07-28 (§6.1); a 2025-era session opens its listen stream with GET and its
     * {@code Mcp-Session-Id} ({@link Mcp2025Listen}), after the same Host, Origin and authentication checks as POST.
     */
    @GET
    public Response get(HttpHeaders headers, @Context HttpServerRequest http, @Context HttpServerResponse connection) {
        String session = headers.getHeaderString(Mcp2025Http.SESSION_HEADER);
        if (session == null) {
            return notAllowed();
        }
        try {
            guard(headers, http);
            return listen.open(
                    session,
                    headers.getHeaderString(HttpHeaders.ACCEPT),
                    headers.getHeaderString(Mcp2025Http.VERSION_HEADER),
                    authenticate(headers),
                    connection);
        } catch (McpException e) {
            return error(null, e);
        }
    }

    /** No sessions to end in 2026-07-28 (§6.6); a 2025-era session ends with DELETE and its Mcp-Session-Id. */
    @DELETE
    public Response delete(HttpHeaders headers, @Context HttpServerRequest http) {
        String session = headers.getHeaderString(Mcp2025Http.SESSION_HEADER);
        if (session == null) {
            return notAllowed();
        }
        try {
            guard(headers, http);
            return mcp2025.delete(session, authenticate(headers));
        } catch (McpException e) {
            return error(null, e);
        }
    }

    // §6.1, on every method served and before authentication: Host (400 when missing, 403 when foreign), Origin (403).
    private void guard(HttpHeaders headers, HttpServerRequest http) {
        switch (hosts.check(http.authority())) {
            case MISSING:
                throw McpErrors.invalidRequest("A Host header is required.");
            case FOREIGN:
                throw McpErrors.forbidden("Host not allowed.");
            default:
                break;
        }
        if (!origins.allows(headers.getHeaderString("Origin"))) {
            throw McpErrors.forbidden("Origin not allowed.");
        }
    }

    // §6.4 rows 5-9: everything a request must pass before its method is served
    private RequestMeta checked(HttpHeaders headers, JsonRpcRequest request) {
        if (McpServer.isMcp2025Handshake(request.method())) {
            throw McpErrors.methodNotFound(request.method());
        }
        McpHeaders checked = new McpHeaders(headers::getRequestHeader);
        checked.requireProtocolVersion();
        RequestMeta meta = RequestMeta.of(request);
        checked.checkProtocolVersion(meta);
        meta.requireSupportedVersion();
        checked.checkMethodAndName(request);
        checkParamHeaders(headers, request);
        return meta;
    }

    // §6.4 row 9 continued: Mcp-Param-* of the called tool; Mcp-Name already equals params.name here.
    private void checkParamHeaders(HttpHeaders headers, JsonRpcRequest request) {
        if (!"tools/call".equals(request.method())) {
            return;
        }
        JsonNode name = request.params().get("name");
        if (name == null || !name.isTextual()) {
            return; // the params are invalid; the method answers -32602
        }
        new ParamHeaders(headers::getRequestHeader)
                .check(toolHeaders.of(name.asText()), request.params().get("arguments"));
    }

    // 2026-07-28 defines no client notification over HTTP: a well-formed one is accepted and ignored.
    private static Response notification(HttpHeaders headers, JsonRpcRequest request) {
        String method = headers.getHeaderString(McpHeaders.METHOD);
        if (method != null && !method.trim().equals(request.method())) {
            throw McpErrors.headerMismatch("Header mismatch: " + McpHeaders.METHOD + " '" + method.trim()
                    + "' != method '" + request.method() + "'.");
        }
        return Response.accepted().build();
    }

    private AuthenticatedCaller authenticate(HttpHeaders headers) {
        boolean presented = headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null;
        AuthenticatedCaller caller;
        try {
            caller = callers.fromToken().orElse(null);
        } catch (AuthenticationFailedException | AuthenticationCompletionException | UnauthorizedException e) {
            LOG.debugf("MCP authentication failed reason=%s", e.getMessage());
            caller = null;
        }
        if (caller == null) {
            throw McpErrors.unauthenticated(
                    presented ? "The bearer token is invalid or expired." : "A bearer token is required.");
        }
        try {
            caller.require(Scopes.TOOLS_CALL);
        } catch (ProblemException e) {
            throw McpErrors.forbidden("The token does not grant the scope " + Scopes.TOOLS_CALL + ".");
        }
        return caller;
    }

    // Reads at most one byte past the limit: a chunked body without Content-Length is cut off here.
    private static byte[] readBounded(InputStream body) {
        if (body == null) {
            return new byte[0];
        }
        try {
            byte[] bytes = body.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                throw McpErrors.tooLarge(MAX_BODY_BYTES);
            }
            return bytes;
        } catch (IOException e) {
            throw McpErrors.invalidRequest("The body could not be read completely.");
        }
    }

    private static Response notAllowed() {
        return Response.status(405)
                .header("Allow", "POST")
                .type(MediaType.APPLICATION_JSON)
                .entity(McpResponses.error(
                        null,
                        McpErrors.invalidRequest("Method not allowed: send JSON-RPC messages with POST.")
                                .error()))
                .build();
    }

    static Response error(JsonNode id, McpException e) {
        Response.ResponseBuilder response = Response.status(e.disposition().httpStatus())
                .type(MediaType.APPLICATION_JSON)
                .entity(McpResponses.error(id, e.error()));
        switch (e.disposition()) {
            case UNAUTHENTICATED:
                response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
                break;
            case UNAVAILABLE:
                response.header("Retry-After", "1");
                break;
            default:
                break;
        }
        return response.build();
    }
}
