package dev.taskgate.frontend.query;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.problem.Problems;

/**
 * Reads artifacts from job-control for a caller already authorized for the workspace. job-control's 404 (unknown,
 * expired, another workspace's) and an id that cannot be one become the uniform 404; an unreachable or failing
 * job-control becomes 503 {@code unavailable}. Blocking: call from a worker thread.
 */
@Singleton
public class ArtifactQueries {
    private static final Logger LOG = Logger.getLogger(ArtifactQueries.class);

    private final JobControlArtifactApi api;
    private final long retryAfterSeconds;

    ArtifactQueries(FrontendConfig config) {
        this.api = JobControlClients.build(config, JobControlArtifactApi.class);
        this.retryAfterSeconds = Problems.retryAfterSeconds(config.pollInterval());
    }

    /** The artifact {@code id} of the caller's workspace ({@code <org>/<project>}) with its content. */
    public ArtifactContent artifact(Caller caller, String id) {
        if (id == null || !id.matches(ArtifactIds.ID_PATTERN)) {
            throw Problems.notFound();
        }
        Response response;
        try {
            response = StoppingInstanceRetry.call(
                    () -> api.artifact(id, caller.workspace(), caller.principal(), caller.workspace()));
        } catch (ProcessingException e) {
            LOG.warnf("job-control unreachable (artifact) reason=%s", e.getMessage());
            throw Problems.unavailable("The artifact store is not reachable; try again shortly.", retryAfterSeconds);
        }
        try (response) {
            if (response.getStatus() == 404) {
                throw Problems.notFound();
            }
            if (response.getStatus() != 200) {
                LOG.warnf("job-control answered status=%d (artifact)", response.getStatus());
                throw Problems.unavailable("The artifact store did not answer; try again shortly.", retryAfterSeconds);
            }
            ArtifactContent content;
            try {
                content = Wire.fromBytes(response.readEntity(byte[].class), ArtifactContent.class);
            } catch (Wire.MalformedRecordException e) {
                LOG.errorf("job-control sent an unreadable ArtifactContent reason=%s", e.getMessage());
                throw Problems.unavailable("The artifact store gave an unreadable answer.", retryAfterSeconds);
            }
            if (!content.artifact().workspace().equals(caller.workspace())
                    || !content.artifact().id().equals(id)) {
                // never serve another workspace's bytes, whatever job-control answered
                LOG.errorf(
                        "job-control answered artifact %s of %s for %s of %s",
                        content.artifact().id(), content.artifact().workspace(), id, caller.workspace());
                throw Problems.notFound();
            }
            return content;
        }
    }

    @PreDestroy
    void close() {
        if (api instanceof AutoCloseable) {
            try {
                ((AutoCloseable) api).close();
            } catch (Exception e) {
                LOG.debug("closing the job-control artifact client failed", e);
            }
        }
    }
}
