package dev.taskgate.frontend.execution.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import dev.taskgate.problem.ProblemException;
import dev.taskgate.problem.ProblemResponses;

/** Refuses a declared {@code Content-Length} above the limit before anything is read or authenticated. */
public class PayloadLimitFilter {

    @ServerRequestFilter(preMatching = true)
    public Response rejectOversizedBody(ContainerRequestContext request) {
        if ("/mcp".equals(request.getUriInfo().getRequestUri().getRawPath())) {
            return null; // McpPayloadLimitFilter answers there, as a JSON-RPC error
        }
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return null;
        }
        long declared;
        try {
            declared = Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return null; // the HTTP layer rejects a malformed Content-Length itself
        }
        if (declared <= ToolExecutionResource.MAX_BODY_BYTES) {
            return null;
        }
        ProblemException tooLarge = ToolExecutionResource.tooLarge();
        return ProblemResponses.of(
                tooLarge.problem(), request.getUriInfo().getRequestUri().getRawPath());
    }
}
