package dev.taskgate.frontend.mcp;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureRequest;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.query.UpstreamFeatureQueries;
import dev.taskgate.problem.ProblemException;

/**
 * {@code resources/list}, {@code resources/templates/list}, {@code resources/read}, {@code prompts/list},
 * {@code prompts/get} and {@code completion/complete} of the upstreams the caller may use, for both generations:
 * live, read-only requests that job-control relays to the upstream (docs/gateway.md "Resources, prompts and
 * completions"), never durable executions. The answer is the upstream's result as job-control shaped it; 2026-07-28
 * adds {@code resultType}, the server info and the cache hints its cacheable results require.
 */
@Singleton
public class FederatedReads {
    private final UpstreamFeatureQueries queries;
    private final ServerIdentity server;
    private final long listTtlMs;

    FederatedReads(UpstreamFeatureQueries queries, ServerIdentity server, FrontendConfig config) {
        this.queries = queries;
        this.server = server;
        this.listTtlMs = config.mcp().listTtl().toMillis();
    }

    /** Whether {@code method} is one of the federated methods. */
    public static boolean isFederated(String method) {
        return UpstreamFeatureRequest.isFederated(method);
    }

    /** The 2026-07-28 result of a federated request. */
    public ObjectNode serve2026(JsonRpcRequest request, Caller caller) {
        ObjectNode upstream = ask(request, caller, McpErrors.INVALID_PARAMS);
        ObjectNode result = server.result("complete");
        for (var member : upstream.properties()) {
            if (!"_meta".equals(member.getKey())) {
                result.set(member.getKey(), member.getValue());
            }
        }
        if (upstream.path("_meta").isObject()) {
            ObjectNode meta = (ObjectNode) result.get("_meta");
            for (var member : upstream.get("_meta").properties()) {
                meta.putIfAbsent(member.getKey(), member.getValue());
            }
        }
        switch (request.method()) {
            case "resources/list":
            case "resources/templates/list":
            case "prompts/list":
                // which upstreams a caller sees depends on its workspace: never shared across callers
                return result.put("ttlMs", listTtlMs).put("cacheScope", "private");
            case "resources/read":
                // a 2025-11-25 upstream gives no freshness hint for contents: immediately stale
                return result.put("ttlMs", 0).put("cacheScope", "private");
            default:
                return result;
        }
    }

    /** The 2025-era result of a federated request (no cache fields exist there). */
    public ObjectNode serve2025(JsonRpcRequest request, Caller caller) {
        return ask(request, caller, McpErrors.RESOURCE_NOT_FOUND_2025);
    }

    private ObjectNode ask(JsonRpcRequest request, Caller caller, int resourceNotFoundCode) {
        UpstreamFeatureAnswer answer;
        try {
            answer = queries.serve(caller, new UpstreamFeatureRequest(request.method(), request.params()));
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        }
        if (answer.failure() == null) {
            if (answer.result() == null || !answer.result().isObject()) {
                throw McpErrors.unavailable("The upstreams could not be asked; try again shortly.");
            }
            return ((ObjectNode) answer.result()).deepCopy();
        }
        UpstreamFeatureAnswer.Failure failure = answer.failure();
        switch (failure.kind()) {
            case UNKNOWN_RESOURCE:
                throw McpErrors.resourceNotFound(
                        resourceNotFoundCode,
                        "Resource not found",
                        request.params().path("uri").asText());
            case UNKNOWN_PROMPT:
            case INVALID_PARAMS:
                throw McpErrors.invalidParams(failure.message(), null);
            case UPSTREAM_ERROR:
                throw McpErrors.relayed(
                        failure.upstreamCode() == null ? McpErrors.INTERNAL_ERROR : failure.upstreamCode(),
                        failure.message());
            case UPSTREAM_UNAVAILABLE:
            default:
                throw McpErrors.internal(failure.message(), null);
        }
    }
}
