package dev.taskgate.frontend.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Which server-to-client requests a client can answer, by the {@code ClientCapabilities} it declared (the same
 * shape in MCP 2025-11-25 and 2026-07-28): {@code elicitation} by mode ({@code form} or {@code url}; a capability
 * naming neither means form only), {@code sampling}, {@code roots}. A request of any other method is never
 * answerable.
 */
public final class ClientCapabilities {
    private ClientCapabilities() {}

    /** Whether a client declaring {@code capabilities} (null: nothing) can be sent {@code method} with {@code params}. */
    public static boolean canAnswer(JsonNode capabilities, String method, JsonNode params) {
        if (capabilities == null || !capabilities.isObject()) {
            return false;
        }
        switch (method) {
            case "elicitation/create":
                JsonNode elicitation = capabilities.get("elicitation");
                if (elicitation == null || !elicitation.isObject()) {
                    return false;
                }
                String mode = params == null ? "form" : params.path("mode").asText("form");
                return "form".equals(mode)
                        ? elicitation.has("form") || !elicitation.has("url")
                        : "url".equals(mode) && elicitation.has("url");
            case "sampling/createMessage":
                return capabilities.path("sampling").isObject();
            case "roots/list":
                return capabilities.path("roots").isObject();
            default:
                return false;
        }
    }

    /**
     * Adds to {@code required} (a {@code ClientCapabilities} object) what answering {@code method} with {@code params}
     * needs: {@code elicitation} (with {@code url} for a url-mode elicitation), {@code sampling} or {@code roots}.
     */
    public static void addNeeded(ObjectNode required, String method, JsonNode params) {
        switch (method) {
            case "elicitation/create":
                ObjectNode elicitation = required.has("elicitation")
                        ? (ObjectNode) required.get("elicitation")
                        : required.putObject("elicitation");
                if (params != null && "url".equals(params.path("mode").asText())) {
                    elicitation.putObject("url");
                }
                break;
            case "sampling/createMessage":
                required.putObject("sampling");
                break;
            case "roots/list":
                required.putObject("roots");
                break;
            default:
                break; // no capability can make an unknown method answerable
        }
    }
}
