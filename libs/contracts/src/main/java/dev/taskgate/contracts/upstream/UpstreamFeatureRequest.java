package dev.taskgate.contracts.upstream;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * A federated read of the upstreams' resources, prompts or completions, as mcp-frontend asks job-control for it
 * ({@code POST /internal/v1/upstream-features}) on behalf of the caller its signed assertion names: the MCP method and
 * its params as the client sent them (prompt names namespaced, cursors Taskgate's own).
 *
 * @param method one of {@link #METHODS}
 * @param params the request's params; an empty object when the client sent none
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UpstreamFeatureRequest(
        @JsonProperty("method") String method,
        @JsonProperty("params") JsonNode params) {

    /** The internal route. */
    public static final String PATH = "/internal/v1/upstream-features";

    /** The MCP methods served by federation, in the order of the documentation. */
    public static final java.util.List<String> METHODS = java.util.List.of(
            "resources/list",
            "resources/templates/list",
            "resources/read",
            "prompts/list",
            "prompts/get",
            "completion/complete");

    public UpstreamFeatureRequest {
        Objects.requireNonNull(method, "method");
        params = params == null || params.isNull() ? JsonNodeFactory.instance.objectNode() : params;
    }

    /** Whether {@code method} is one that federation serves. */
    public static boolean isFederated(String method) {
        return METHODS.contains(method);
    }
}
