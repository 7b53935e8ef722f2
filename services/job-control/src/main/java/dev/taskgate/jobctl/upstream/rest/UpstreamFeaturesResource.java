package dev.taskgate.jobctl.upstream.rest;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureRequest;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.jobctl.upstream.UpstreamFeatures;

/**
 * Federated resources, prompts and completions for mcp-frontend (docs/gateway.md "Resources, prompts and
 * completions"), for the caller its verified caller assertion names ({@link InternalCaller}): 200 with a result or a
 * failure the frontend turns into the client's JSON-RPC error; 400 for a body that is not a request. Runs on a worker
 * thread: it waits for upstreams.
 */
@Path(UpstreamFeatureRequest.PATH)
@Produces(MediaType.APPLICATION_JSON)
public class UpstreamFeaturesResource {
    private final UpstreamFeatures features;
    private final InternalCaller caller;

    UpstreamFeaturesResource(UpstreamFeatures features, InternalCaller caller) {
        this.features = features;
        this.caller = caller;
    }

    /** Serves one federated read. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public UpstreamFeatureAnswer serve(byte[] body) {
        InternalCaller.UserCall user = caller.user();
        UpstreamFeatureRequest request;
        try {
            request = Wire.fromBytes(body, UpstreamFeatureRequest.class);
        } catch (RuntimeException e) {
            throw new BadRequestException("not an UpstreamFeatureRequest");
        }
        if (!UpstreamFeatureRequest.isFederated(request.method())) {
            throw new BadRequestException("not a federated method");
        }
        return features.serve(user.workspace(), request);
    }
}
