package dev.taskgate.jobctl.auth.rest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import dev.taskgate.jobctl.auth.InternalAuthentication;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.serviceauth.CallerAssertion;

/**
 * Every request to {@code /internal/…} carries a caller assertion that {@link InternalAuthentication} accepts, or
 * it is answered 401/403 before any resource runs. The assertion covers the body, so a request that has one is read
 * into memory first ({@code readBody}) and handed on from there; a request without one is never read.
 */
public class InternalAuthFilter {
    private final InternalAuthentication authentication;
    private final InternalCaller caller;

    InternalAuthFilter(InternalAuthentication authentication, InternalCaller caller) {
        this.authentication = authentication;
        this.caller = caller;
    }

    @SuppressWarnings("deprecation") // readBody: the supported way to see the whole body in a request filter
    @ServerRequestFilter(readBody = true)
    public void authenticate(ContainerRequestContext request) throws IOException {
        URI uri = request.getUriInfo().getRequestUri();
        String path = uri.getRawPath();
        if (!path.startsWith("/internal/")) {
            return;
        }
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        byte[] body = null;
        if (hasBody(request)) {
            try (InputStream entity = request.getEntityStream()) {
                body = entity.readAllBytes();
            }
            request.setEntityStream(new ByteArrayInputStream(body));
        }
        caller.verified(authentication.authenticate(
                request.getHeaderString(CallerAssertion.HEADER), request.getMethod(), path, target, body));
    }

    private static boolean hasBody(ContainerRequestContext request) {
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        return request.getHeaderString("Transfer-Encoding") != null || (length != null && !"0".equals(length.strip()));
    }
}
