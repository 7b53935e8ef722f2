package dev.taskgate.webhooks.web;

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

import dev.taskgate.problem.ProblemException;
import dev.taskgate.problem.ProblemResponses;
import dev.taskgate.webhooks.problem.ProblemKind;
import dev.taskgate.webhooks.problem.Problems;

/**
 * The single place where failures become HTTP answers, all {@code application/problem+json}: typed problems pass
 * through; authentication failures become 401 with {@code WWW-Authenticate: Bearer}; anything unexpected becomes
 * 500 {@code internal} with a correlation id and is logged once here, never echoed.
 */
public class ProblemMappers {
    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        return ProblemResponses.of(e.problem(), path(uri));
    }

    @ServerExceptionMapper({
        AuthenticationFailedException.class,
        AuthenticationCompletionException.class,
        UnauthorizedException.class
    })
    public Response unauthenticated(RuntimeException e, UriInfo uri, HttpHeaders headers) {
        boolean presented = headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null;
        LOG.debugf("authentication failed path=%s reason=%s", path(uri), e.getMessage());
        return ProblemResponses.of(
                ProblemKind.UNAUTHENTICATED
                        .problem(presented ? "The bearer token is invalid or expired." : "A bearer token is required.")
                        .withHeader(
                                HttpHeaders.WWW_AUTHENTICATE, presented ? "Bearer error=\"invalid_token\"" : "Bearer"),
                path(uri));
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
            case 405:
                return ProblemResponses.of(
                        ProblemKind.INVALID_REQUEST
                                .problem("This method is not allowed here.")
                                .with("status", 405),
                        path(uri));
            case 413:
                return ProblemResponses.of(ProblemKind.PAYLOAD_TOO_LARGE.problem("The body is too large."), path(uri));
            case 415:
                return ProblemResponses.of(
                        ProblemKind.UNSUPPORTED_MEDIA_TYPE.problem("Send application/json."), path(uri));
            default:
                if (status >= 400 && status < 500) {
                    return ProblemResponses.of(
                            ProblemKind.INVALID_REQUEST.problem("The request cannot be served as sent."), path(uri));
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

    private static String path(UriInfo uri) {
        return uri == null ? null : uri.getRequestUri().getRawPath();
    }
}
