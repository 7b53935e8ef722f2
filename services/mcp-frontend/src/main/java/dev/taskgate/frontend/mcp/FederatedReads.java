package dev.taskgate.frontend.mcp;

import java.util.List;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
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
        // a 2026-07-28 upstream's own hint; Taskgate never states a longer one, nor a scope other than private: which
        // upstreams a caller sees depends on its workspace, so no answer is shared across callers
        JsonNode hint = upstream.get("ttlMs");
        Long upstreamTtl = hint != null && hint.canConvertToLong() && hint.asLong() >= 0 ? hint.asLong() : null;
        switch (request.method()) {
            case "resources/list":
            case "resources/templates/list":
            case "prompts/list":
                return result.put("ttlMs", shorter(listTtlMs, upstreamTtl)).put("cacheScope", "private");
            case "resources/read":
                // without the upstream's hint (a 2025-11-25 upstream gives none for contents): immediately stale
                return result.put("ttlMs", upstreamTtl == null ? 0 : shorter(listTtlMs, upstreamTtl))
                        .put("cacheScope", "private");
            default:
                if (upstreamTtl != null) {
                    result.put("ttlMs", shorter(listTtlMs, upstreamTtl));
                } else {
                    result.remove("ttlMs");
                }
                if (result.has("cacheScope")) {
                    result.put("cacheScope", "private");
                }
                return result;
        }
    }

    /**
     * The 2025-era result of a federated request: no cache fields exist there, and the 2026-07-28 framing member
     * {@code resultType} of such an upstream's answer is none of the result's.
     */
    public ObjectNode serve2025(JsonRpcRequest request, Caller caller) {
        ObjectNode result = ask(request, caller, McpErrors.RESOURCE_NOT_FOUND_2025);
        result.remove(List.of("resultType", "ttlMs", "cacheScope"));
        return result;
    }

    private static long shorter(long own, Long upstream) {
        return upstream == null ? own : Math.min(own, upstream);
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
