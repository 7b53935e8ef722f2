package dev.taskgate.frontend.execution;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Checks that an input response fits its request: an MCP {@code ElicitResult} ({@code action} is {@code accept},
 * {@code decline} or {@code cancel}; {@code content}, only with {@code accept}, is an object whose values are
 * strings, numbers, booleans or arrays of strings), a {@code CreateMessageResult} ({@code role} and {@code content})
 * or a {@code ListRootsResult} ({@code roots}, an array of objects with a string {@code uri}). Samplings and roots
 * requests come from upstreams (the gateway relays them), and refusing one with an {@code ElicitResult}
 * ({@code decline} or {@code cancel}) is allowed. Other members (e.g. {@code _meta}) are allowed. Used by both
 * surfaces before anything is sent to job-control.
 */
public final class InputResponseShape {
    private static final Set<String> ACTIONS = Set.of("accept", "decline", "cancel");

    private InputResponseShape() {}

    /**
     * What is wrong with {@code response} as the answer to a {@code method} request, or empty when it fits: the
     * method's result, or for a sampling or roots request also a refusing {@code ElicitResult}.
     */
    public static Optional<InputViolation> violation(String method, JsonNode response) {
        return switch (method) {
            case "sampling/createMessage" -> refusal(response).isEmpty() ? Optional.empty() : sampled(response);
            case "roots/list" -> refusal(response).isEmpty() ? Optional.empty() : roots(response);
            default -> violation(response);
        };
    }

    /**
     * What is wrong with {@code response} when the request's method is not known (the REST input route): an object
     * with {@code role} must be a {@code CreateMessageResult}, one with {@code roots} a {@code ListRootsResult}, any
     * other an {@code ElicitResult}.
     */
    public static Optional<InputViolation> violationOfAny(JsonNode response) {
        if (response != null && response.isObject() && !response.has("action")) {
            if (response.has("role")) {
                return sampled(response);
            }
            if (response.has("roots")) {
                return roots(response);
            }
        }
        return violation(response);
    }

    private static Optional<InputViolation> refusal(JsonNode response) {
        Optional<InputViolation> violation = violation(response);
        if (violation.isEmpty() && "accept".equals(response.get("action").asText())) {
            return Optional.of(new InputViolation("/action", "an ElicitResult can only refuse this request"));
        }
        return violation;
    }

    private static Optional<InputViolation> sampled(JsonNode response) {
        if (response == null || !response.isObject()) {
            return Optional.of(new InputViolation("", "must be an object (a CreateMessageResult {role, content})"));
        }
        if (!response.path("role").isTextual()) {
            return Optional.of(new InputViolation("/role", "role must be a string"));
        }
        if (!response.path("content").isObject() && !response.path("content").isArray()) {
            return Optional.of(new InputViolation("/content", "content must be an object or an array"));
        }
        return Optional.empty();
    }

    private static Optional<InputViolation> roots(JsonNode response) {
        if (response == null || !response.isObject()) {
            return Optional.of(new InputViolation("", "must be an object (a ListRootsResult {roots})"));
        }
        JsonNode roots = response.get("roots");
        if (roots == null || !roots.isArray()) {
            return Optional.of(new InputViolation("/roots", "roots must be an array"));
        }
        for (int i = 0; i < roots.size(); i++) {
            if (!roots.get(i).path("uri").isTextual()) {
                return Optional.of(new InputViolation("/roots/" + i + "/uri", "every root needs a string uri"));
            }
        }
        return Optional.empty();
    }

    /**
     * What is wrong with {@code response}, or empty when it is a valid {@code ElicitResult}.
     *
     * @return a JSON pointer below the response and a message
     */
    public static Optional<InputViolation> violation(JsonNode response) {
        if (response == null || !response.isObject()) {
            return Optional.of(new InputViolation("", "must be an object (an ElicitResult {action, content?})"));
        }
        JsonNode action = response.get("action");
        if (action == null || !action.isTextual() || !ACTIONS.contains(action.asText())) {
            return Optional.of(new InputViolation("/action", "action must be one of accept, decline, cancel"));
        }
        JsonNode content = response.get("content");
        if (content == null) {
            return Optional.empty();
        }
        if (!"accept".equals(action.asText())) {
            return Optional.of(new InputViolation("/content", "content is only allowed with action accept"));
        }
        if (!content.isObject()) {
            return Optional.of(new InputViolation("/content", "content must be an object"));
        }
        for (Map.Entry<String, JsonNode> field : content.properties()) {
            if (!isPrimitiveValue(field.getValue())) {
                return Optional.of(new InputViolation(
                        "/content/" + field.getKey().replace("~", "~0").replace("/", "~1"),
                        "content values must be strings, numbers, booleans or arrays of strings"));
            }
        }
        return Optional.empty();
    }

    private static boolean isPrimitiveValue(JsonNode value) {
        if (value.isTextual() || value.isNumber() || value.isBoolean()) {
            return true;
        }
        if (!value.isArray()) {
            return false;
        }
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                return false;
            }
        }
        return true;
    }
}
