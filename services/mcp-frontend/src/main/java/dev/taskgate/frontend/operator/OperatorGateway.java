package dev.taskgate.frontend.operator;

import java.util.Map;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.CancelOutcome;
import dev.taskgate.contracts.operator.DeadLetterPage;
import dev.taskgate.contracts.operator.DeadLetterReplays;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;
import dev.taskgate.contracts.operator.OperatorUpstream;
import dev.taskgate.contracts.operator.OperatorUpstreams;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.frontend.query.JobControlClients;

/**
 * Carries operator calls to job-control, which serves and audits them. job-control's 404 becomes the uniform 404,
 * its 400 an {@code invalid-request} with its detail; an unreachable or failing job-control becomes 503
 * {@code unavailable}; an upstream registration's 409, 412 and 422 keep their type and detail — except for a cancel whose answer was lost, which may have been committed and is answered
 * {@code stop_delivery_unknown}. Blocking: call from a worker thread.
 */
@Singleton
public class OperatorGateway {
    private static final Logger LOG = Logger.getLogger(OperatorGateway.class);

    // job-control's refusals the caller may see, with job-control's detail
    private static final Map<Integer, ProblemKind> REFUSALS = Map.of(
            400, ProblemKind.INVALID_REQUEST,
            409, ProblemKind.UPSTREAM_CONFLICT,
            412, ProblemKind.PRECONDITION_FAILED,
            422, ProblemKind.UPSTREAM_REFUSED);

    // the dead-letter routes' refusals: job-control decides whether the route's project operates the deployment
    private static final Map<Integer, ProblemKind> DEAD_LETTER_REFUSALS = Map.of(
            400, ProblemKind.INVALID_REQUEST,
            403, ProblemKind.INSUFFICIENT_SCOPE,
            409, ProblemKind.ALREADY_REPLAYED,
            422, ProblemKind.NOT_REPLAYABLE);

    private final JobControlOperatorApi api;
    private final long retryAfterSeconds;

    OperatorGateway(FrontendConfig config) {
        this.api = JobControlClients.build(config, JobControlOperatorApi.class);
        this.retryAfterSeconds = Problems.retryAfterSeconds(config.pollInterval());
    }

    /** A page of the project's executions that pass the filters (checked by job-control: 400 when malformed). */
    public OperatorExecutionPage list(OperatorCall call, ExecutionListQuery query) {
        return read(
                () -> api.list(
                        call.principal(),
                        call.workspace(),
                        call.route(),
                        query.status(),
                        query.tool(),
                        query.principal(),
                        query.createdFrom(),
                        query.createdBefore(),
                        query.limit(),
                        query.cursor()),
                OperatorExecutionPage.class,
                call);
    }

    /** One execution's safe status. */
    public OperatorExecution get(OperatorCall call) {
        return read(
                () -> api.get(call.principal(), call.workspace(), call.route(), call.target()),
                OperatorExecution.class,
                call);
    }

    /** One execution's payloads. */
    public OperatorPayload payload(OperatorCall call) {
        return read(
                () -> api.payload(call.principal(), call.workspace(), call.route(), call.target()),
                OperatorPayload.class,
                call);
    }

    /**
     * Cancels one execution. Empty when job-control's answer was lost after the request was sent: the stop may or
     * may not have been written ({@link CancelOutcome#STOP_DELIVERY_UNKNOWN}).
     */
    public java.util.Optional<OperatorCancelResult> cancel(OperatorCall call) {
        Response response;
        try {
            response = api.cancel(call.principal(), call.workspace(), call.route(), call.target());
        } catch (ProcessingException e) {
            LOG.warnf(
                    "operator cancel unanswered handle=%s principal=%s reason=%s",
                    call.target(), call.principal(), e.getMessage());
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(answer(response, OperatorCancelResult.class, call));
    }

    /** The upstreams the project may use, with their state. */
    public OperatorUpstreams upstreams(OperatorCall call) {
        return read(
                () -> api.upstreams(call.principal(), call.workspace(), call.route()), OperatorUpstreams.class, call);
    }

    /** Lists one upstream again now and answers its state. */
    public UpstreamState refreshUpstream(OperatorCall call) {
        return read(
                () -> api.refreshUpstream(call.principal(), call.workspace(), call.route(), call.target()),
                UpstreamState.class,
                call);
    }

    /** Registers an upstream for the project; the body is the caller's, passed on as sent. */
    public OperatorUpstream createUpstream(OperatorCall call, byte[] body) {
        return read(
                () -> api.createUpstream(call.principal(), call.workspace(), call.route(), body),
                OperatorUpstream.class,
                call);
    }

    /** One upstream the project may see. */
    public OperatorUpstream getUpstream(OperatorCall call) {
        return read(
                () -> api.getUpstream(call.principal(), call.workspace(), call.route(), call.target()),
                OperatorUpstream.class,
                call);
    }

    /** Replaces one of the project's registrations; {@code ifMatch} is the caller's {@code If-Match}, if any. */
    public OperatorUpstream updateUpstream(OperatorCall call, String ifMatch, byte[] body) {
        return read(
                () -> api.updateUpstream(
                        call.principal(), call.workspace(), call.route(), call.target(), ifMatch, body),
                OperatorUpstream.class,
                call);
    }

    /** Deletes one of the project's registrations. */
    public void deleteUpstream(OperatorCall call, String ifMatch) {
        read(
                () -> api.deleteUpstream(call.principal(), call.workspace(), call.route(), call.target(), ifMatch),
                Void.class,
                call);
    }

    /** A page of the deployment's dead-lettered records (metadata only). */
    public DeadLetterPage deadLetters(OperatorCall call, String topic, String partition, String limit, String cursor) {
        return read(
                () -> api.deadLetters(
                        call.principal(), call.workspace(), call.route(), topic, partition, limit, cursor),
                DeadLetterPage.class,
                call,
                DEAD_LETTER_REFUSALS);
    }

    /**
     * Replays dead-lettered records of one partition: the one at {@code from} when {@code to} is {@code null}, else
     * those in [{@code from}, {@code to}].
     */
    public DeadLetterReplays replayDeadLetters(
            OperatorCall call, String topic, String partition, String from, String to, String force) {
        return read(
                () -> to == null
                        ? api.replayDeadLetter(
                                call.principal(), call.workspace(), call.route(), topic, partition, from, force)
                        : api.replayDeadLetters(
                                call.principal(), call.workspace(), call.route(), topic, partition, from, to, force),
                DeadLetterReplays.class,
                call,
                DEAD_LETTER_REFUSALS);
    }

    /** A page of the project's audit log. */
    public AuditPage audit(OperatorCall call, String limit, String cursor) {
        return read(
                () -> api.audit(call.principal(), call.workspace(), call.route(), limit, cursor),
                AuditPage.class,
                call);
    }

    /**
     * Records a call refused here (not found, missing scope, invalid request). Throws 503 when it cannot be
     * recorded: an operator call is never answered without its audit entry.
     */
    public void recordRefusal(OperatorCall call, String outcome) {
        byte[] entry = Wire.toBytes(
                AuditEntry.of(call.principal(), call.workspace(), call.action(), call.route(), call.target(), outcome));
        Response response;
        try {
            response = api.recordRefusal(call.principal(), call.workspace(), call.route(), entry);
        } catch (ProcessingException e) {
            LOG.warnf(
                    "operator audit unreachable action=%s outcome=%s reason=%s",
                    call.action(), outcome, e.getMessage());
            throw Problems.unavailable("The audit log is not reachable; try again shortly.", retryAfterSeconds);
        }
        try (response) {
            if (response.getStatus() != 204) {
                LOG.warnf(
                        "operator audit answered status=%d action=%s outcome=%s",
                        response.getStatus(), call.action(), outcome);
                throw Problems.unavailable(
                        "The audit log did not record the call; try again shortly.", retryAfterSeconds);
            }
        }
    }

    private <T> T read(Supplier<Response> request, Class<T> type, OperatorCall call) {
        return read(request, type, call, REFUSALS);
    }

    private <T> T read(
            Supplier<Response> request, Class<T> type, OperatorCall call, Map<Integer, ProblemKind> refusals) {
        Response response;
        try {
            response = request.get();
        } catch (ProcessingException e) {
            LOG.warnf("job-control unreachable action=%s reason=%s", call.action(), e.getMessage());
            throw Problems.unavailable("The execution store is not reachable; try again shortly.", retryAfterSeconds);
        }
        return answer(response, type, call, refusals);
    }

    private <T> T answer(Response response, Class<T> type, OperatorCall call) {
        return answer(response, type, call, REFUSALS);
    }

    private <T> T answer(Response response, Class<T> type, OperatorCall call, Map<Integer, ProblemKind> refusals) {
        try (response) {
            int status = response.getStatus();
            byte[] body = response.readEntity(byte[].class);
            if (status == 404) {
                throw Problems.notFound();
            }
            ProblemKind refused = refusals.get(status);
            if (refused != null) {
                throw refused.exception(Wire.fromBytes(body, Problem.class).detail());
            }
            if (status == 204 && type == Void.class) {
                return null;
            }
            if (status != 200 && status != 201) {
                LOG.warnf("job-control answered status=%d action=%s", status, call.action());
                throw Problems.unavailable("The execution store did not answer; try again shortly.", retryAfterSeconds);
            }
            return Wire.fromBytes(body, type);
        } catch (Wire.MalformedRecordException e) {
            LOG.errorf("job-control sent an unreadable answer action=%s reason=%s", call.action(), e.getMessage());
            throw Problems.unavailable("The execution store gave an unreadable answer.", retryAfterSeconds);
        }
    }

    @PreDestroy
    void close() {
        if (api instanceof AutoCloseable) {
            try {
                ((AutoCloseable) api).close();
            } catch (Exception e) {
                LOG.debug("closing the job-control operator client failed", e);
            }
        }
    }
}
