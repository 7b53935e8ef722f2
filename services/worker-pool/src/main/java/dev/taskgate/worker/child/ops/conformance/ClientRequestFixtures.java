package dev.taskgate.worker.child.ops.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The input requests of the suite's server-to-client scenarios, exactly as their descriptions state them
 * ({@code tools-call-elicitation}, {@code tools-call-sampling}, {@code elicitation-sep1034-defaults},
 * {@code elicitation-sep1330-enums}).
 */
final class ClientRequestFixtures {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ClientRequestFixtures() {}

    /** {@code test_elicitation}: username and email, both required, with the caller's message. */
    static ObjectNode userInfo(JsonNode input) {
        ObjectNode schema = form(input.path("message").asText("Please provide your information"));
        ObjectNode properties = properties(schema);
        properties.putObject("username").put("type", "string").put("description", "User's response");
        properties.putObject("email").put("type", "string").put("description", "User's email address");
        ((ObjectNode) schema.at("/params/requestedSchema"))
                .putArray("required")
                .add("username")
                .add("email");
        return schema;
    }

    /** {@code test_sampling}: one user message with the caller's prompt, at most 100 tokens. */
    static ObjectNode sampling(JsonNode input) {
        ObjectNode request = MAPPER.createObjectNode().put("method", "sampling/createMessage");
        ObjectNode params = request.putObject("params");
        ObjectNode message = params.putArray("messages").addObject().put("role", "user");
        message.putObject("content")
                .put("type", "text")
                .put("text", input.path("prompt").asText(""));
        params.put("maxTokens", 100);
        return request;
    }

    /** {@code test_elicitation_sep1034_defaults}: a default for every primitive type (SEP-1034). */
    static ObjectNode defaults(JsonNode input) {
        ObjectNode request = form("Please review these defaults");
        ObjectNode properties = properties(request);
        properties.putObject("name").put("type", "string").put("default", "John Doe");
        properties.putObject("age").put("type", "integer").put("default", 30);
        properties.putObject("score").put("type", "number").put("default", 95.5);
        ObjectNode status = properties.putObject("status").put("type", "string");
        status.putArray("enum").add("active").add("inactive").add("pending");
        status.put("default", "active");
        properties.putObject("verified").put("type", "boolean").put("default", true);
        return request;
    }

    /** {@code test_elicitation_sep1330_enums}: the five enum shapes of SEP-1330. */
    static ObjectNode enums(JsonNode input) {
        ObjectNode request = form("Please choose");
        ObjectNode properties = properties(request);
        ObjectNode untitledSingle = properties.putObject("untitledSingle").put("type", "string");
        untitledSingle.putArray("enum").add("option1").add("option2").add("option3");
        ObjectNode titledSingle = properties.putObject("titledSingle").put("type", "string");
        titled(titledSingle.putArray("oneOf"), "value", "First Option", "Second Option", "Third Option");
        ObjectNode legacy = properties.putObject("legacyEnum").put("type", "string");
        legacy.putArray("enum").add("opt1").add("opt2").add("opt3");
        legacy.putArray("enumNames").add("Option One").add("Option Two").add("Option Three");
        ObjectNode untitledMulti = properties.putObject("untitledMulti").put("type", "array");
        untitledMulti
                .putObject("items")
                .put("type", "string")
                .putArray("enum")
                .add("option1")
                .add("option2")
                .add("option3");
        ObjectNode titledMulti = properties.putObject("titledMulti").put("type", "array");
        titled(
                titledMulti.putObject("items").putArray("anyOf"),
                "value",
                "First Choice",
                "Second Choice",
                "Third Choice");
        return request;
    }

    private static void titled(ArrayNode options, String prefix, String... titles) {
        for (int i = 0; i < titles.length; i++) {
            options.addObject().put("const", prefix + (i + 1)).put("title", titles[i]);
        }
    }

    private static ObjectNode form(String message) {
        ObjectNode request = MAPPER.createObjectNode().put("method", "elicitation/create");
        ObjectNode params = request.putObject("params").put("mode", "form").put("message", message);
        params.putObject("requestedSchema").put("type", "object").putObject("properties");
        return request;
    }

    private static ObjectNode properties(ObjectNode request) {
        return (ObjectNode) request.at("/params/requestedSchema/properties");
    }
}
