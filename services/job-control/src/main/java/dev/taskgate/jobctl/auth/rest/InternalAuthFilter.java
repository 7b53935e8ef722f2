package dev.taskgate.jobctl.auth.rest;

import java.net.URI;

import jakarta.ws.rs.container.ContainerRequestContext;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;

import dev.taskgate.jobctl.auth.InternalAuthentication;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.serviceauth.CallerAssertion;

/**
 * Every request to {@code /internal/…} carries a caller assertion that {@link InternalAuthentication} accepts, or
 * it is answered 401/403 before any resource runs. The body, which the assertion covers, was buffered before
 * ({@link InternalBodyBuffering}).
 */
public class InternalAuthFilter {
    private final InternalAuthentication authentication;
    private final InternalCaller caller;

    InternalAuthFilter(InternalAuthentication authentication, InternalCaller caller) {
        this.authentication = authentication;
        this.caller = caller;
    }

    @ServerRequestFilter
    public void authenticate(ContainerRequestContext request, RoutingContext routing) {
        URI uri = request.getUriInfo().getRequestUri();
        String path = uri.getRawPath();
        if (!path.startsWith("/internal/")) {
            return;
        }
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        Buffer buffer = routing.body() == null ? null : routing.body().buffer();
        byte[] body = buffer == null ? null : buffer.getBytes();
        caller.verified(authentication.authenticate(
                request.getHeaderString(CallerAssertion.HEADER), request.getMethod(), path, target, body));
    }
}
