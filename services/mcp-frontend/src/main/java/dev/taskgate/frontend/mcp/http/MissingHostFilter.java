package dev.taskgate.frontend.mcp.http;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;

/**
 * Answers a request without a readable {@code Host} ({@code :authority} in HTTP/2) with 400 before any route runs:
 * nothing can
 * show which server such a request meant (the DNS-rebinding guard needs the name), and the JAX-RS layer cannot
 * even build its URI. {@code /mcp} gets a JSON-RPC error, every other path a problem.
 */
@Singleton
class MissingHostFilter {
    private static final String MCP_BODY =
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600," + "\"message\":\"A Host header is required.\"}}";
    private static final String PROBLEM_BODY = "{\"type\":\"https://taskgate.dev/problems/invalid-request\","
            + "\"title\":\"Invalid request\",\"status\":400,\"detail\":\"A Host header is required.\"}";

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(rc -> {
            // HTTP/1.1 Host or HTTP/2 :authority, parsed; null when absent or unparseable
            if (rc.request().authority() != null) {
                rc.next();
                return;
            }
            boolean mcp = McpResource.PATH.equals(rc.request().path());
            rc.response()
                    .setStatusCode(400)
                    .putHeader(HttpHeaders.CONTENT_TYPE, mcp ? "application/json" : "application/problem+json")
                    .end(mcp ? MCP_BODY : PROBLEM_BODY);
        });
    }
}
