package dev.taskgate.contracts.catalog;

import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * One piece of input a tool needs before its execution exists, asked with a multi-round-trip {@code input_required}
 * result on {@code tools/call} (MCP 2026-07-28 §10, MRTR). The answer is written into the tool's arguments, so the
 * operation reads it like any other argument and the execution's input records it.
 *
 * @param key      the {@code inputRequests} key the client answers under, unique within the operation
 * @param method   {@code elicitation/create}, {@code sampling/createMessage} or {@code roots/list}
 * @param params   the request's {@code params}, sent as is ({@code {}} when absent)
 * @param argument the argument that receives the answer; a call that already carries it is not asked
 * @param answer   a JSON Pointer into the client's response selecting the value for {@code argument}
 *                 ({@code /content/name}); {@code null} (absent) takes the whole response. When the pointer selects
 *                 nothing (a declined elicitation), the argument stays absent
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PreTaskInput(
        @JsonProperty("key") String key,
        @JsonProperty("method") String method,
        @JsonProperty("params") JsonNode params,
        @JsonProperty("argument") String argument,
        @JsonProperty("answer") String answer) {

    /** The input request methods of MCP 2026-07-28 §10. */
    public static final Set<String> METHODS = Set.of("elicitation/create", "sampling/createMessage", "roots/list");

    public PreTaskInput {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(argument, "argument");
        params = params == null ? JsonNodeFactory.instance.objectNode() : params;
    }

    /** Throws unless {@code method} is a known input request method and {@code answer} a JSON Pointer. */
    public void check() {
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("unknown input request method " + method + " (key " + key + ")");
        }
        if (answer != null && !answer.isEmpty() && !answer.startsWith("/")) {
            throw new IllegalArgumentException("answer must be a JSON Pointer: " + answer + " (key " + key + ")");
        }
    }
}
