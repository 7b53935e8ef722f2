package dev.taskgate.frontend.web;

import java.util.Optional;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;

import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.http.McpResource;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.problem.ProblemResponses;
import dev.taskgate.problem.RequestLimits;

/**
 * Refuses a request whose target, headers or declared body exceed the listener's {@link RequestLimits} before any
 * route runs (Quarkus's own body-size check included), as a problem — on {@code /mcp} as an id-less JSON-RPC error —
 * with 414, 431 or 413, and closes the connection.
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
        // after MissingHostFilter (Integer.MIN_VALUE), before Quarkus's body-size route (-2)
        router.route().order(Integer.MIN_VALUE + 1).handler(rc -> {
            HttpServerRequest request = rc.request();
            Optional<RequestLimits.Exceeded> exceeded =
                    limits.check(request.uri(), request.headers(), request.getHeader(HttpHeaders.CONTENT_LENGTH));
            if (exceeded.isEmpty()) {
                rc.next();
                return;
            }
            boolean mcp = McpResource.PATH.equals(request.path());
            RequestLimits.Exceeded limit = exceeded.get();
            byte[] body = mcp
                    ? McpResponses.error(
                            null, McpErrors.invalidRequest(limit.detail()).error())
                    : ProblemResponses.bytes(kind(limit).problem(limit.detail()).problem());
            // the client may still be sending a body no one reads: close once the answer is out, as Quarkus's own
            // body-size check does
            rc.response().endHandler(ended -> request.connection().close());
            rc.response()
                    .setStatusCode(limit.status())
                    .putHeader(HttpHeaders.CONTENT_TYPE, mcp ? "application/json" : ProblemResponses.PROBLEM_JSON)
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(Buffer.buffer(body));
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
