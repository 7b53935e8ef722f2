package dev.taskgate.frontend.execution;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Checks that an input response is an MCP {@code ElicitResult} (Taskgate's operations only ask
 * {@code elicitation/create}): {@code action} is {@code accept}, {@code decline} or {@code cancel}; {@code content},
 * only with {@code accept}, is an object whose values are strings, numbers, booleans or arrays of strings. Other
 * members (e.g. {@code _meta}) are allowed. Used by both surfaces before anything is sent to job-control.
 */
public final class InputResponseShape {
    private static final Set<String> ACTIONS = Set.of("accept", "decline", "cancel");

    private InputResponseShape() {}

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
