package dev.taskgate.jobctl.upstream.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.upstream.RegisteredUpstreamTarget;
import dev.taskgate.jobctl.upstream.UpstreamCallTargets;

/**
 * The call target of an upstream registered through the operator API, for worker-pool alone ({@code CallerPolicy}):
 * 404 for an upstream of the file (a worker has it from its own file) and for none.
 */
@Path("/internal/v1/upstreams/{id}/call-target")
@Produces(MediaType.APPLICATION_JSON)
public class UpstreamCallTargetResource {
    private final UpstreamCallTargets targets;

    UpstreamCallTargetResource(UpstreamCallTargets targets) {
        this.targets = targets;
    }

    /** 200 {@link RegisteredUpstreamTarget}, or 404. */
    @GET
    public Uni<RegisteredUpstreamTarget> target(@RestPath String id) {
        return targets.of(id).map(found -> found.orElseThrow(NotFoundException::new));
    }
}
