package dev.taskgate.worker.child.upstream;

import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The requests an upstream may ask of Taskgate's client that are relayed to the caller as input requests, and how
 * the caller's answer is read. The frontends check an answer against the request's method where they know it (MCP
 * responses, {@code tasks/update}); the REST input route does not know it, and a 2025-era client's JSON-RPC error
 * arrives as a cancelled {@code ElicitResult} whatever was asked — so an answer that is not the asked method's result
 * means the caller refused.
 */
final class RelayedInput {
    static final String ELICITATION = "elicitation/create";
    static final String SAMPLING = "sampling/createMessage";
    static final String ROOTS = "roots/list";

    /** MCP's code for a sampling request the user rejected; used for roots too, which names none. */
    static final int REFUSED = -1;

    /** The {@code _meta} key under which the frontend records a client's JSON-RPC error answer. */
    private static final String CLIENT_ERROR = "dev.taskgate/client-error";

    private static final Set<String> METHODS = Set.of(ELICITATION, SAMPLING, ROOTS);

    private RelayedInput() {}

    static boolean relays(String method) {
        return METHODS.contains(method);
    }

    /** Whether {@code answer} is the result a {@code method} request asks for. */
    static boolean fits(String method, JsonNode answer) {
        if (answer == null || !answer.isObject()) {
            return false;
        }
        return switch (method) {
            case SAMPLING ->
                answer.path("role").isTextual()
                        && (answer.path("content").isObject()
                                || answer.path("content").isArray());
            case ROOTS -> answer.path("roots").isArray();
            default -> answer.path("action").isTextual();
        };
    }

    /** The JSON-RPC error code to give the upstream for a refused request: the client's own, else {@link #REFUSED}. */
    static int refusalCode(JsonNode answer) {
        JsonNode code =
                answer == null ? null : answer.path("_meta").path(CLIENT_ERROR).path("code");
        return code != null && code.isIntegralNumber() ? code.asInt() : REFUSED;
    }

    /** Why the caller's answer is not a result: what it said, or that it answered with something else. */
    static String refusal(String method, JsonNode answer) {
        JsonNode clientError = answer == null ? null : answer.path("_meta").path(CLIENT_ERROR);
        if (clientError != null && clientError.path("message").isTextual()) {
            return "the caller answered the " + method + " request with an error: "
                    + McpSession.sample(clientError.get("message").asText());
        }
        if (answer != null && answer.path("action").isTextual()) {
            return "the caller refused the " + method + " request ("
                    + McpSession.sample(answer.get("action").asText()) + ")";
        }
        return "the caller's answer to the " + method + " request is not its result";
    }
}
