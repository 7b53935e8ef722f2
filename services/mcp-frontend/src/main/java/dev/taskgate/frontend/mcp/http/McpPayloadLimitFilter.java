package dev.taskgate.frontend.mcp.http;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import dev.taskgate.frontend.mcp.McpErrors;

/** Refuses a declared {@code Content-Length} above the limit on {@code /mcp} before anything is read or authenticated. */
public class McpPayloadLimitFilter {

    @ServerRequestFilter(preMatching = true)
    public Response rejectOversizedBody(ContainerRequestContext request) {
        if (!McpResource.PATH.equals(request.getUriInfo().getRequestUri().getRawPath())) {
            return null;
        }
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return null;
        }
        try {
            if (Long.parseLong(length.trim()) <= McpResource.MAX_BODY_BYTES) {
                return null;
            }
        } catch (NumberFormatException e) {
            return null; // the HTTP layer rejects a malformed Content-Length itself
        }
        return McpResource.error(null, McpErrors.tooLarge(McpResource.MAX_BODY_BYTES));
    }
}
