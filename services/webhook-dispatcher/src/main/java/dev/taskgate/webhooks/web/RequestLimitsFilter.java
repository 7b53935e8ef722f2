package dev.taskgate.webhooks.web;

import java.util.Optional;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;

import dev.taskgate.problem.ProblemResponses;
import dev.taskgate.problem.RequestLimits;
import dev.taskgate.webhooks.problem.ProblemKind;

/**
 * Refuses a request whose target, headers or declared body exceed the listener's {@link RequestLimits} before any
 * route runs (Quarkus's own body-size check included), as a problem with 414, 431 or 413, and closes the connection.
 */
@Singleton
class RequestLimitsFilter {
    private final RequestLimits limits;

    RequestLimitsFilter(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize) {
        this.limits = new RequestLimits(
                RequestLimits.DEFAULT_MAX_TARGET_BYTES,
                RequestLimits.DEFAULT_MAX_HEADER_BYTES,
                maxBodySize.asLongValue());
    }

    void register(@Observes Router router) {
        // before Quarkus's body-size route (order -2)
        router.route().order(Integer.MIN_VALUE).handler(rc -> {
            HttpServerRequest request = rc.request();
            Optional<RequestLimits.Exceeded> exceeded =
                    limits.check(request.uri(), request.headers(), request.getHeader(HttpHeaders.CONTENT_LENGTH));
            if (exceeded.isEmpty()) {
                rc.next();
                return;
            }
            RequestLimits.Exceeded limit = exceeded.get();
            // the client may still be sending a body no one reads: close once the answer is out
            rc.response().endHandler(ended -> request.connection().close());
            rc.response()
                    .setStatusCode(limit.status())
                    .putHeader(HttpHeaders.CONTENT_TYPE, ProblemResponses.PROBLEM_JSON)
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(Buffer.buffer(ProblemResponses.bytes(
                            kind(limit).problem(limit.detail()).problem())));
        });
    }

    private static ProblemKind kind(RequestLimits.Exceeded limit) {
        return switch (limit) {
            case BODY -> ProblemKind.PAYLOAD_TOO_LARGE;
            case TARGET -> ProblemKind.URI_TOO_LONG;
            case HEADERS -> ProblemKind.HEADERS_TOO_LARGE;
        };
    }
}
