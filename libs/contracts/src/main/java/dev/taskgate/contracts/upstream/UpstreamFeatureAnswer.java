package dev.taskgate.contracts.upstream;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * job-control's answer to an {@link UpstreamFeatureRequest}: one of {@code result} (the MCP result in the
 * 2025-11-25 shape, prompt names namespaced, cursors Taskgate's own) and {@code failure} (which the frontend turns
 * into the JSON-RPC error of the client's protocol generation). job-control sends exactly one (use {@link #of} and
 * {@link #failed}); a reader treats an answer with neither as job-control not answering.
 *
 * @param result  the MCP result, or {@code null}
 * @param failure why there is none, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record UpstreamFeatureAnswer(
        @JsonProperty("result") JsonNode result,
        @JsonProperty("failure") Failure failure) {

    /** A result. */
    public static UpstreamFeatureAnswer of(JsonNode result) {
        return new UpstreamFeatureAnswer(result, null);
    }

    /** A failure. */
    public static UpstreamFeatureAnswer failed(Kind kind, String message, Integer upstreamCode) {
        return new UpstreamFeatureAnswer(null, new Failure(kind, message, upstreamCode));
    }

    /** Why a federated read has no result. */
    public enum Kind {
        /** No upstream the caller may use has the resource. */
        @JsonProperty("unknown_resource")
        UNKNOWN_RESOURCE,
        /** No upstream the caller may use has the prompt (or the completion's reference). */
        @JsonProperty("unknown_prompt")
        UNKNOWN_PROMPT,
        /** The params are not valid (a bad cursor, a missing member). */
        @JsonProperty("invalid_params")
        INVALID_PARAMS,
        /** The upstream could not be asked or answered something that is not a usable MCP answer. */
        @JsonProperty("upstream_unavailable")
        UPSTREAM_UNAVAILABLE,
        /** The upstream answered with a JSON-RPC error, relayed with its code and message. */
        @JsonProperty("upstream_error")
        UPSTREAM_ERROR
    }

    /**
     * Why there is no result.
     *
     * @param kind         what went wrong
     * @param message      safe to show the caller: names the upstream's namespace, never its address or credential
     * @param upstreamCode the upstream's JSON-RPC error code, for {@link Kind#UPSTREAM_ERROR} only
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Failure(
            @JsonProperty("kind") Kind kind,
            @JsonProperty("message") String message,
            @JsonProperty("upstreamCode") Integer upstreamCode) {
        public Failure {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(message, "message");
        }
    }
}
