package dev.taskgate.frontend.web;

import java.util.UUID;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import io.quarkus.security.AuthenticationCompletionException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;

import dev.taskgate.contracts.Problem;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.problem.ApiProblem;
import dev.taskgate.problem.ProblemException;
import dev.taskgate.problem.ProblemResponses;

/**
 * The single place where failures become HTTP answers: every error is {@code application/problem+json}. Typed
 * problems pass through; authentication failures become 401 with {@code WWW-Authenticate: Bearer}; anything
 * unexpected becomes 500 {@code internal} with a correlation id and is logged once here, never echoed.
 */
public class ProblemMappers {
    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        return ProblemResponses.of(e.problem(), path(uri));
    }

    @ServerExceptionMapper({AuthenticationFailedException.class, AuthenticationCompletionException.class})
    public Response invalidToken(RuntimeException e, UriInfo uri, HttpHeaders headers) {
        boolean presented = headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null;
        LOG.debugf("authentication failed path=%s reason=%s", path(uri), e.getMessage());
        return unauthenticated(
                presented ? "The bearer token is invalid or expired." : "A bearer token is required.", presented, uri);
    }

    @ServerExceptionMapper
    public Response missingToken(UnauthorizedException e, UriInfo uri, HttpHeaders headers) {
        boolean presented = headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null;
        return unauthenticated(
                presented ? "The bearer token is invalid or expired." : "A bearer token is required.", presented, uri);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, UriInfo uri) {
        return ProblemResponses.of(
                ProblemKind.INSUFFICIENT_SCOPE.problem("The token does not allow this request."), path(uri));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, UriInfo uri) {
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        switch (status) {
            case 404:
                return ProblemResponses.of(Problems.notFound().problem(), path(uri));
            case 413:
                return ProblemResponses.of(ProblemKind.PAYLOAD_TOO_LARGE.problem("The body is too large."), path(uri));
            case 415:
                return ProblemResponses.of(
                        ProblemKind.UNSUPPORTED_MEDIA_TYPE.problem("Send application/json."), path(uri));
            default:
                if (status >= 400 && status < 500) {
                    String title = Response.Status.fromStatusCode(status) == null
                            ? "Invalid request"
                            : Response.Status.fromStatusCode(status).getReasonPhrase();
                    Problem p = new Problem(
                            Problem.TYPE_BASE + ProblemKind.INVALID_REQUEST.slug(),
                            title,
                            status,
                            "The request cannot be served as sent.",
                            null);
                    return ProblemResponses.of(ApiProblem.from(p), path(uri));
                }
                return internal(e, uri);
        }
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, UriInfo uri) {
        return internal(e, uri);
    }

    private static Response internal(Throwable e, UriInfo uri) {
        String correlationId = UUID.randomUUID().toString();
        LOG.errorf(e, "unhandled failure correlationId=%s path=%s", correlationId, path(uri));
        return ProblemResponses.of(
                ProblemKind.INTERNAL
                        .problem("Something went wrong on our side; quote the correlation id when reporting it.")
                        .with("correlation_id", correlationId),
                path(uri));
    }

    private static Response unauthenticated(String detail, boolean tokenPresented, UriInfo uri) {
        return ProblemResponses.of(
                ProblemKind.UNAUTHENTICATED
                        .problem(detail)
                        .withHeader(
                                HttpHeaders.WWW_AUTHENTICATE,
                                tokenPresented ? "Bearer error=\"invalid_token\"" : "Bearer"),
                path(uri));
    }

    private static String path(UriInfo uri) {
        return uri == null ? null : uri.getRequestUri().getRawPath();
    }
}
