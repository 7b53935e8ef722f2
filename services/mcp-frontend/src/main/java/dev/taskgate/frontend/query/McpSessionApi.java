package dev.taskgate.frontend.query;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * job-control's internal API for the 2025-era adapter's sessions ({@code /internal/v1/mcp-sessions/{idHash}}). Raw
 * responses: the caller decides what each status means.
 */
@Path("/internal/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface McpSessionApi {
    /** Header naming the principal. */
    String PRINCIPAL = "Taskgate-Principal";
    /** Header naming the workspace. */
    String WORKSPACE = "Taskgate-Workspace";

    /** 201, 409 (hash taken) or 400. */
    @PUT
    @Path("/mcp-sessions/{idHash}")
    @Consumes(MediaType.APPLICATION_JSON)
    Response open(
            @PathParam("idHash") String idHash,
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            byte[] body);

    /** 200 {@code McpSession}, or 404. */
    @POST
    @Path("/mcp-sessions/{idHash}/use")
    Response use(
            @PathParam("idHash") String idHash,
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace);

    /** 204, 400 (not a level) or 404. */
    @PUT
    @Path("/mcp-sessions/{idHash}/log-level")
    @Consumes(MediaType.APPLICATION_JSON)
    Response setLogLevel(
            @PathParam("idHash") String idHash,
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            byte[] body);

    /** 204, or 404. */
    @DELETE
    @Path("/mcp-sessions/{idHash}")
    Response end(
            @PathParam("idHash") String idHash,
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace);
}
