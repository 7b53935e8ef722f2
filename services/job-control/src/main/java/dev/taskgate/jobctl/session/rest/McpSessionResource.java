package dev.taskgate.jobctl.session.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.session.McpSession;
import dev.taskgate.contracts.session.McpSessionLogLevel;
import dev.taskgate.contracts.session.OpenMcpSession;
import dev.taskgate.jobctl.session.McpSessions;

/**
 * The internal session API of the 2025-era MCP adapter (docs/mcp-frontend.md "Sessions"): {@code PUT} creates,
 * {@code POST …/use} renews and returns, {@code PUT …/log-level} keeps what {@code logging/setLevel} asked for,
 * {@code DELETE} ends. The path names the SHA-256 (hex) of the session id;
 * the frontend forwards the verified caller in {@code Taskgate-Principal} and {@code Taskgate-Workspace}.
 */
@Path("/internal/v1/mcp-sessions/{idHash}")
@Produces(MediaType.APPLICATION_JSON)
public class McpSessionResource {
    static final String PRINCIPAL = "Taskgate-Principal";
    static final String WORKSPACE = "Taskgate-Workspace";

    private final McpSessions sessions;

    McpSessionResource(McpSessions sessions) {
        this.sessions = sessions;
    }

    /** Creates the session: 201, or 409 when the id is taken. */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> open(
            @RestPath String idHash,
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            OpenMcpSession body) {
        requireCaller(principal, workspace);
        return sessions.open(idHash, principal, workspace, body)
                .map(v -> Response.status(201).build());
    }

    /** Renews the caller's live session and returns it; 404 when unknown, ended, idle too long or foreign. */
    @POST
    @Path("/use")
    public Uni<McpSession> use(
            @RestPath String idHash, @RestHeader(PRINCIPAL) String principal, @RestHeader(WORKSPACE) String workspace) {
        requireCaller(principal, workspace);
        return sessions.use(idHash, principal, workspace);
    }

    /** Sets the minimum log level of the caller's live session: 204, 400 for an unknown level, or 404. */
    @PUT
    @Path("/log-level")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> setLogLevel(
            @RestPath String idHash,
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            McpSessionLogLevel body) {
        requireCaller(principal, workspace);
        return sessions.setLogLevel(idHash, principal, workspace, body)
                .map(v -> Response.noContent().build());
    }

    /** Ends the caller's live session: 204, or 404. */
    @DELETE
    public Uni<Response> end(
            @RestPath String idHash, @RestHeader(PRINCIPAL) String principal, @RestHeader(WORKSPACE) String workspace) {
        requireCaller(principal, workspace);
        return sessions.end(idHash, principal, workspace)
                .map(v -> Response.noContent().build());
    }

    private static void requireCaller(String principal, String workspace) {
        if (principal == null || principal.isBlank() || workspace == null || workspace.isBlank()) {
            throw new CallerHeadersMissing();
        }
    }

    /** A request without the caller identity headers. */
    static final class CallerHeadersMissing extends dev.taskgate.jobctl.JobControlException {
        private static final long serialVersionUID = 1L;

        CallerHeadersMissing() {
            super(Problem.of(
                    "invalid-request",
                    "Invalid request",
                    400,
                    "The headers " + PRINCIPAL + " and " + WORKSPACE + " are required and must not be blank."));
        }
    }
}
