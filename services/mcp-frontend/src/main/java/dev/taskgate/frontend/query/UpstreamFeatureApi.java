package dev.taskgate.frontend.query;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.taskgate.contracts.upstream.UpstreamFeatureRequest;

/** job-control's federated reads of the upstreams' resources, prompts and completions (docs/gateway.md). */
@Path(UpstreamFeatureRequest.PATH)
@Produces(MediaType.APPLICATION_JSON)
public interface UpstreamFeatureApi {
    /** 200 {@code UpstreamFeatureAnswer}, or 400 for a body that is not an {@code UpstreamFeatureRequest}. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    Response serve(
            @HeaderParam(JobControlApi.PRINCIPAL) String principal,
            @HeaderParam(JobControlApi.WORKSPACE) String workspace,
            byte[] body);
}
