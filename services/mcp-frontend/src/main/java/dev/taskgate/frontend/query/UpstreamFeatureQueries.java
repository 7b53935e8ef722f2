package dev.taskgate.frontend.query;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureRequest;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.problem.ProblemException;

/**
 * Asks job-control for a federated read ({@link UpstreamFeatureApi}) on behalf of the caller; job-control talks to
 * the upstream, so its credential never reaches this service. An unreachable or failing job-control is 503
 * {@code unavailable}. Blocking: call from a worker thread.
 */
@Singleton
public class UpstreamFeatureQueries {
    private static final Logger LOG = Logger.getLogger(UpstreamFeatureQueries.class);

    private final UpstreamFeatureApi api;
    private final long retryAfterSeconds;

    UpstreamFeatureQueries(FrontendConfig config) {
        this.api = JobControlClients.build(config, UpstreamFeatureApi.class, config.upstreamFeaturesTimeout());
        this.retryAfterSeconds = Problems.retryAfterSeconds(config.pollInterval());
    }

    /** job-control's answer: a result or a failure to turn into the client's JSON-RPC error. */
    public UpstreamFeatureAnswer serve(Caller caller, UpstreamFeatureRequest request) {
        byte[] body = Wire.toBytes(request);
        try (Response response = api.serve(caller.principal(), caller.workspace(), body)) {
            if (response.getStatus() != 200) {
                LOG.warnf("job-control answered status=%d to a federated %s", response.getStatus(), request.method());
                throw unavailable();
            }
            return Wire.fromBytes(response.readEntity(byte[].class), UpstreamFeatureAnswer.class);
        } catch (ProcessingException e) {
            LOG.warnf("job-control unreachable for a federated %s reason=%s", request.method(), e.getMessage());
            throw unavailable();
        }
    }

    private ProblemException unavailable() {
        return Problems.unavailable("The upstreams could not be asked; try again shortly.", retryAfterSeconds);
    }

    @PreDestroy
    void close() {
        if (api instanceof AutoCloseable) {
            try {
                ((AutoCloseable) api).close();
            } catch (Exception e) {
                LOG.debug("closing the job-control upstream-features client failed", e);
            }
        }
    }
}
