package dev.taskgate.jobctl.web;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlException;
import dev.taskgate.jobctl.command.Problems;
import dev.taskgate.payload.PayloadUnreadableException;

/** Maps every failure at the HTTP edge to {@code application/problem+json}, once. */
public class ProblemMappers {

    static final String PROBLEM_JSON = "application/problem+json";
    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    private final IdSource ids;

    ProblemMappers(IdSource ids) {
        this.ids = ids;
    }

    @ServerExceptionMapper
    RestResponse<Problem> onKnown(JobControlException e, UriInfo uri) {
        return problem(e.problem().at(uri.getPath()));
    }

    @ServerExceptionMapper
    RestResponse<Problem> onHttp(WebApplicationException e, UriInfo uri) {
        int status = e.getResponse().getStatus();
        Problem problem = status == 404
                ? Problems.notFound()
                : Problem.of(
                        status >= 500 ? "internal" : "invalid-request",
                        status >= 500 ? "Internal error" : "Invalid request",
                        status,
                        "The request cannot be served as sent.");
        return problem(problem.at(uri.getPath()));
    }

    /** Fails closed: the stored bytes are never returned; the log names the key id an operator must restore. */
    @ServerExceptionMapper
    RestResponse<Problem> onUnreadablePayload(PayloadUnreadableException e, UriInfo uri) {
        String correlationId = ids.newId().toString();
        LOG.errorf(
                e,
                "Stored payload cannot be decrypted [correlationId=%s executionId=%s keyId=%s path=%s]",
                correlationId,
                e.executionId(),
                e.keyId(),
                uri.getPath());
        return internal(correlationId, uri);
    }

    @ServerExceptionMapper
    RestResponse<Problem> onUnexpected(Exception e, UriInfo uri) {
        String correlationId = ids.newId().toString();
        LOG.errorf(e, "Unexpected failure [correlationId=%s path=%s]", correlationId, uri.getPath());
        return internal(correlationId, uri);
    }

    private static RestResponse<Problem> internal(String correlationId, UriInfo uri) {
        return problem(Problem.of(
                        "internal",
                        "Internal error",
                        500,
                        "Something went wrong on our side. Correlation id: " + correlationId)
                .at(uri.getPath()));
    }

    private static RestResponse<Problem> problem(Problem problem) {
        return RestResponse.ResponseBuilder.<Problem>create(problem.status())
                .type(PROBLEM_JSON)
                .entity(problem)
                .build();
    }
}
