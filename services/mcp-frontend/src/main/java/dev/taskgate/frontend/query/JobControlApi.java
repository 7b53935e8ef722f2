package dev.taskgate.frontend.query;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * job-control's internal query API ({@code docs/job-control.md}, "Internal HTTP API"). Returns raw responses: the
 * caller decides what a 404 or a 5xx means.
 */
@Path("/internal/v1/executions")
@Produces(MediaType.APPLICATION_JSON)
public interface JobControlApi {
    /**
     * Names the principal ({@code Caller.principal()}) in the interfaces; in process only: {@link JobControlCallSigner}
     * turns it into the signed caller assertion and it never reaches the wire.
     */
    String PRINCIPAL = "Taskgate-Principal";
    /** Names the workspace ({@code Caller.workspace()}); in process only, as {@link #PRINCIPAL}. */
    String WORKSPACE = "Taskgate-Workspace";
    /** Names the public route of an operator call, for the audit log; in process only, as {@link #PRINCIPAL}. */
    String ROUTE = "Taskgate-Route";

    /**
     * 200 {@code ExecutionPage} of the caller's own executions (newest first; only those of {@code surface} when it
     * is given, of every surface when it is {@code null}), or 400 for a bad parameter.
     */
    @GET
    Response list(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @QueryParam("surface") String surface,
            @QueryParam("limit") Integer limit,
            @QueryParam("cursor") String cursor);

    /** 200 {@code ExecutionSnapshot}, or 404. */
    @GET
    @Path("/{executionId}")
    Response execution(
            @PathParam("executionId") String executionId,
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace);

    /** 200 {@code ExecutionOutcome}, or 404. */
    @GET
    @Path("/{executionId}/outcome")
    Response outcome(
            @PathParam("executionId") String executionId,
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace);
}
