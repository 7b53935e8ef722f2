package dev.taskgate.jobctl.session.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestPath;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.session.McpSession;
import dev.taskgate.contracts.session.McpSessionLogLevel;
import dev.taskgate.contracts.session.OpenMcpSession;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.jobctl.session.McpSessions;

/**
 * The internal session API of the 2025-era MCP adapter (docs/mcp-frontend.md "Sessions"): {@code PUT} creates,
 * {@code POST …/use} renews and returns, {@code PUT …/log-level} keeps what {@code logging/setLevel} asked for,
 * {@code DELETE} ends. The path names the SHA-256 (hex) of the session id;
 * the caller is the one the frontend's verified caller assertion names ({@link InternalCaller}).
 */
@Path("/internal/v1/mcp-sessions/{idHash}")
@Produces(MediaType.APPLICATION_JSON)
public class McpSessionResource {

    private final McpSessions sessions;
    private final InternalCaller caller;

    McpSessionResource(McpSessions sessions, InternalCaller caller) {
        this.sessions = sessions;
        this.caller = caller;
    }

    /** Creates the session: 201, or 409 when the id is taken. */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> open(@RestPath String idHash, OpenMcpSession body) {
        InternalCaller.UserCall user = caller.user();
        return sessions.open(idHash, user.principal(), user.workspace(), body)
                .map(v -> Response.status(201).build());
    }

    /** Renews the caller's live session and returns it; 404 when unknown, ended, idle too long or foreign. */
    @POST
    @Path("/use")
    public Uni<McpSession> use(@RestPath String idHash) {
        InternalCaller.UserCall user = caller.user();
        return sessions.use(idHash, user.principal(), user.workspace());
    }

    /** Sets the minimum log level of the caller's live session: 204, 400 for an unknown level, or 404. */
    @PUT
    @Path("/log-level")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> setLogLevel(@RestPath String idHash, McpSessionLogLevel body) {
        InternalCaller.UserCall user = caller.user();
        return sessions.setLogLevel(idHash, user.principal(), user.workspace(), body)
                .map(v -> Response.noContent().build());
    }

    /** Ends the caller's live session: 204, or 404. */
    @DELETE
    public Uni<Response> end(@RestPath String idHash) {
        InternalCaller.UserCall user = caller.user();
        return sessions.end(idHash, user.principal(), user.workspace())
                .map(v -> Response.noContent().build());
    }
}
