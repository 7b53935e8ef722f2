package dev.taskgate.worker.child.ops;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code demo.confirm}: asks one form elicitation (a boolean {@code confirm}, an optional string {@code note}) and
 * completes with a text result naming the user's action and, when accepted, the content, which it also returns as
 * {@code structuredContent} ({@code {action, content?}}). Declining or cancelling is a normal outcome, not a tool
 * error: the tool only reports what the user chose.
 */
public final class ConfirmOperation implements Operation {
    /** The operation's own key for its single request. */
    public static final String KEY = "confirm";

    static final String DEFAULT_MESSAGE = "Do you want to continue?";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        JsonNode message = input.get("message");
        String question = message != null && message.isTextual() ? message.asText() : DEFAULT_MESSAGE;
        JsonNode response = context.requestInput(Map.of(KEY, request(question))).get(KEY);
        String action = response.path("action").asText("");
        ObjectNode structured = MAPPER.createObjectNode().put("action", action);
        JsonNode content = response.get("content");
        if ("accept".equals(action) && content != null && content.isObject()) {
            structured.set("content", content);
            return CallToolResults.structured(
                    "The user chose accept: " + CallToolResults.compact(content), structured, false);
        }
        return CallToolResults.structured("The user chose " + action + ".", structured, false);
    }

    /** The elicitation: tasks extension §7, {@code elicitation/create} in form mode. */
    static ObjectNode request(String question) {
        ObjectNode request = MAPPER.createObjectNode().put("method", "elicitation/create");
        ObjectNode params = request.putObject("params").put("mode", "form").put("message", question);
        ObjectNode schema = params.putObject("requestedSchema").put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties
                .putObject("confirm")
                .put("type", "boolean")
                .put("title", "Confirm")
                .put("description", "Whether to go ahead.");
        properties
                .putObject("note")
                .put("type", "string")
                .put("title", "Note")
                .put("description", "Anything to add (optional).")
                .put("maxLength", 500);
        schema.putArray("required").add("confirm");
        return request;
    }
}
