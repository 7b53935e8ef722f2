package dev.taskgate.frontend.query;

import java.util.UUID;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;

/**
 * Reads executions from job-control on behalf of a verified caller. job-control's 404 (unknown or not this
 * caller's) becomes the uniform 404; an unreachable or failing job-control becomes 503 {@code unavailable}, once a call that met a stopping
 * instance was tried again ({@link StoppingInstanceRetry}).
 * Blocking: call from a worker thread.
 */
@Singleton
public class ExecutionQueries {
    private static final Logger LOG = Logger.getLogger(ExecutionQueries.class);

    private final JobControlApi api;
    private final long retryAfterSeconds;

    ExecutionQueries(FrontendConfig config) {
        this.api = JobControlClients.build(config, JobControlApi.class);
        this.retryAfterSeconds = Problems.retryAfterSeconds(config.pollInterval());
    }

    /** The execution's safe status. */
    public ExecutionSnapshot snapshot(UUID executionId, Caller caller) {
        return call(
                () -> api.execution(executionId.toString(), caller.principal(), caller.workspace()),
                ExecutionSnapshot.class,
                executionId);
    }

    /** The execution's status and, once terminal, its result or error. */
    public ExecutionOutcome outcome(UUID executionId, Caller caller) {
        return call(
                () -> api.outcome(executionId.toString(), caller.principal(), caller.workspace()),
                ExecutionOutcome.class,
                executionId);
    }

    /**
     * One page of the caller's own retained executions created through {@code surface}, newest first. A cursor
     * job-control does not accept is a 400 {@code invalid-request}; {@code limit} must already be in range.
     */
    public ExecutionPage list(Caller caller, Surface surface, int limit, String cursor) {
        return page(caller, surface.wireName(), limit, cursor);
    }

    /** As {@link #list(Caller, Surface, int, String)}, for the executions of every surface. */
    public ExecutionPage listAll(Caller caller, int limit, String cursor) {
        return page(caller, null, limit, cursor);
    }

    private ExecutionPage page(Caller caller, String surface, int limit, String cursor) {
        Response response;
        try {
            response = StoppingInstanceRetry.call(
                    () -> api.list(caller.principal(), caller.workspace(), surface, limit, cursor));
        } catch (ProcessingException e) {
            LOG.warnf("job-control unreachable (owner list) reason=%s", e.getMessage());
            throw Problems.unavailable("The execution store is not reachable; try again shortly.", retryAfterSeconds);
        }
        try (response) {
            if (response.getStatus() == 400) {
                throw ProblemKind.INVALID_REQUEST.exception("cursor is not a cursor this API returned.");
            }
            if (response.getStatus() != 200) {
                LOG.warnf("job-control answered status=%d (owner list)", response.getStatus());
                throw Problems.unavailable("The execution store did not answer; try again shortly.", retryAfterSeconds);
            }
            try {
                return Wire.fromBytes(response.readEntity(byte[].class), ExecutionPage.class);
            } catch (Wire.MalformedRecordException e) {
                LOG.errorf("job-control sent an unreadable ExecutionPage reason=%s", e.getMessage());
                throw Problems.unavailable("The execution store gave an unreadable answer.", retryAfterSeconds);
            }
        }
    }

    private <T> T call(Supplier<Response> request, Class<T> type, UUID executionId) {
        Response response;
        try {
            response = StoppingInstanceRetry.call(request);
        } catch (ProcessingException e) {
            LOG.warnf("job-control unreachable executionId=%s reason=%s", executionId, e.getMessage());
            throw Problems.unavailable("The execution store is not reachable; try again shortly.", retryAfterSeconds);
        }
        try (response) {
            int status = response.getStatus();
            if (status == 404) {
                throw Problems.notFound();
            }
            if (status != 200) {
                LOG.warnf("job-control answered status=%d executionId=%s", status, executionId);
                throw Problems.unavailable("The execution store did not answer; try again shortly.", retryAfterSeconds);
            }
            byte[] body = response.readEntity(byte[].class);
            try {
                return Wire.fromBytes(body, type);
            } catch (Wire.MalformedRecordException e) {
                LOG.errorf(
                        "job-control sent an unreadable %s executionId=%s reason=%s",
                        type.getSimpleName(), executionId, e.getMessage());
                throw Problems.unavailable("The execution store gave an unreadable answer.", retryAfterSeconds);
            }
        }
    }

    @PreDestroy
    void close() {
        if (api instanceof AutoCloseable) {
            try {
                ((AutoCloseable) api).close();
            } catch (Exception e) {
                LOG.debug("closing the job-control client failed", e);
            }
        }
    }
}
