package dev.taskgate.frontend.mcp.rounds;

import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Whether a client's response has the shape its request method needs (MCP 2026-07-28 §10): {@code ElicitResult}
 * ({@code action} accept/decline/cancel, optional object {@code content}), {@code CreateMessageResult} ({@code role}
 * and {@code content}) or {@code ListRootsResult} ({@code roots} array).
 */
final class InputResponseCheck {
    private static final Set<String> ACTIONS = Set.of("accept", "decline", "cancel");

    private InputResponseCheck() {}

    /** What is wrong with {@code response} to a {@code method} request, or empty when it fits. */
    static Optional<String> problem(String method, JsonNode response) {
        if (response == null || !response.isObject()) {
            return Optional.of("must be an object");
        }
        switch (method) {
            case "elicitation/create":
                if (!ACTIONS.contains(response.path("action").asText(""))) {
                    return Optional.of("must be an ElicitResult with action accept, decline or cancel");
                }
                if (response.has("content") && !response.get("content").isObject()) {
                    return Optional.of("content of an ElicitResult must be an object");
                }
                return Optional.empty();
            case "sampling/createMessage":
                if (!response.path("role").isTextual()
                        || !(response.path("content").isObject()
                                || response.path("content").isArray())) {
                    return Optional.of("must be a CreateMessageResult with role and content");
                }
                return Optional.empty();
            default:
                if (!response.path("roots").isArray()) {
                    return Optional.of("must be a ListRootsResult with a roots array");
                }
                return Optional.empty();
        }
    }
}
