package dev.taskgate.jobctl.liveness.rest;

import java.util.UUID;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.jobctl.liveness.OwnerClaimService;

/**
 * worker-pool claims an execution's epoch before a call that must happen at most once — a mutating upstream tool
 * (docs/gateway.md "Calls that must happen once"): a {@code RunOperation} that Kafka delivers again to another
 * instance (its first instance did not commit the offset before it died) must not call the upstream a second time.
 * 204 claimed (this instance owns the epoch), 409 another instance does or the epoch is over, 400 a malformed request.
 */
@Path("/internal/v1/executions/{executionId}/owner-claim")
@Produces(MediaType.APPLICATION_JSON)
public class OwnerClaimResource {
    private final OwnerClaimService claims;

    OwnerClaimResource(OwnerClaimService claims) {
        this.claims = claims;
    }

    /** Claims {@code epoch} of the execution for the worker instance {@code worker}. */
    @POST
    public Uni<Response> claim(@RestPath String executionId, @RestQuery String epoch, @RestQuery String worker) {
        UUID id;
        long claimed;
        try {
            id = UUID.fromString(executionId);
            claimed = Long.parseLong(epoch);
        } catch (IllegalArgumentException | NullPointerException e) {
            return Uni.createFrom().item(Response.status(400).build());
        }
        if (worker == null || worker.isBlank() || worker.length() > 200) {
            return Uni.createFrom().item(Response.status(400).build());
        }
        return claims.claim(id, claimed, worker)
                .map(granted -> Response.status(granted ? 204 : 409).build());
    }
}
