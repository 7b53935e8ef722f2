package dev.taskgate.worker.child.ops.conformance;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code confirm_delete}: asks one elicitation while running ({@code confirm}, a boolean) and reports what it would
 * have done with {@code filename}. It deletes nothing: it is a fixture of the suite's input scenarios.
 */
public final class ConfirmDeleteOperation implements Operation {
    /** The key of its single request. */
    public static final String KEY = "confirm_delete";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        String filename = input.path("filename").asText("the file");
        JsonNode response = context.requestInput(
                        Map.of(KEY, elicitation("Delete " + filename + "?", "confirm", "boolean")))
                .get(KEY);
        boolean confirmed = "accept".equals(response.path("action").asText())
                && response.path("content").path("confirm").asBoolean(false);
        return CallToolResults.text(confirmed ? "Deleted " + filename + "." : "Kept " + filename + ".", false);
    }

    /** A form elicitation asking for one required property. */
    static ObjectNode elicitation(String message, String property, String type) {
        ObjectNode request = MAPPER.createObjectNode().put("method", "elicitation/create");
        ObjectNode params = request.putObject("params").put("mode", "form").put("message", message);
        ObjectNode schema = params.putObject("requestedSchema").put("type", "object");
        schema.putObject("properties").putObject(property).put("type", type);
        schema.putArray("required").add(property);
        return request;
    }
}
