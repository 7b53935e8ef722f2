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
 * job-control's internal artifact API ({@code docs/worker-pool.md}, "Artifacts"). Returns raw responses: the caller decides
 * what a 404 or a 5xx means.
 */
@Path("/internal/v1/artifacts")
@Produces(MediaType.APPLICATION_JSON)
public interface JobControlArtifactApi {

    /** 200 {@code ArtifactContent}, or 404 (unknown, expired, another workspace's). */
    @GET
    @Path("/{id}")
    Response artifact(
            @PathParam("id") String id,
            @QueryParam("workspace") String workspace,
            @HeaderParam(JobControlApi.PRINCIPAL) String principal,
            @HeaderParam(JobControlApi.WORKSPACE) String callerWorkspace);
}
