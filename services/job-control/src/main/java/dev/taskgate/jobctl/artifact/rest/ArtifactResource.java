package dev.taskgate.jobctl.artifact.rest;

import java.util.Base64;
import java.util.Optional;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.jobctl.artifact.ArtifactNotFoundException;
import dev.taskgate.jobctl.artifact.ArtifactService;
import dev.taskgate.jobctl.artifact.StoredArtifact;
import dev.taskgate.jobctl.auth.InternalCaller;

/**
 * The internal artifact API (docs/worker-pool.md "Artifacts"), for the frontend (which has already checked the caller's grant
 * for {@code workspace}) and worker-pool (which asks for its execution's workspace). Unknown, expired, another
 * workspace's, or a malformed id, workspace or key: the same 404.
 */
@Path("/internal/v1/artifacts")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactResource {

    private final ArtifactService artifacts;
    private final InternalCaller caller;

    ArtifactResource(ArtifactService artifacts, InternalCaller caller) {
        this.artifacts = artifacts;
        this.caller = caller;
    }

    /** The artifact retained under {@code key} in {@code workspace} ({@code <org>/<project>}), with its content. */
    @GET
    @Path("/by-key")
    public Uni<ArtifactContent> byKey(@RestQuery String workspace, @RestQuery String key) {
        return artifacts.findByKey(asserted(workspace), key).map(ArtifactResource::contentOrNotFound);
    }

    /** The artifact {@code id} of {@code workspace}, with its content. */
    @GET
    @Path("/{id}")
    public Uni<ArtifactContent> byId(@RestPath String id, @RestQuery String workspace) {
        return artifacts.findById(asserted(workspace), id).map(ArtifactResource::contentOrNotFound);
    }

    // A caller reads only the workspace its assertion names: the frontend's caller's, worker-pool's execution's.
    private String asserted(String workspace) {
        if (workspace == null || !workspace.equals(caller.require().workspace())) {
            throw new ArtifactNotFoundException();
        }
        return workspace;
    }

    private static ArtifactContent contentOrNotFound(Optional<StoredArtifact> found) {
        StoredArtifact artifact = found.orElseThrow(ArtifactNotFoundException::new);
        return new ArtifactContent(artifact.metadata(), Base64.getEncoder().encodeToString(artifact.content()));
    }
}
