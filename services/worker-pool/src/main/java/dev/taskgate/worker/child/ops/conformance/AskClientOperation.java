package dev.taskgate.worker.child.ops.conformance;

import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * The suite's server-to-client fixtures ({@code test_elicitation}, {@code test_sampling},
 * {@code test_elicitation_sep1034_defaults}, {@code test_elicitation_sep1330_enums}): asks one input request built
 * from the arguments while running (a 2025-era session turns it into an {@code elicitation/create} or
 * {@code sampling/createMessage} request to the client) and answers one text item rendering the response.
 */
public final class AskClientOperation implements Operation {
    /** The key of its single request. */
    public static final String KEY = "ask";

    private final Function<JsonNode, ObjectNode> request;
    private final Function<JsonNode, String> render;

    /**
     * @param request the {@code InputRequest} for the arguments
     * @param render  the result text for the client's response
     */
    public AskClientOperation(Function<JsonNode, ObjectNode> request, Function<JsonNode, String> render) {
        this.request = request;
        this.render = render;
    }

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        JsonNode response =
                context.requestInput(Map.of(KEY, request.apply(input))).get(KEY);
        return CallToolResults.text(render.apply(response), false);
    }

    /** {@code action=…, content={…}} of an {@code ElicitResult}. */
    static String elicitResult(JsonNode response) {
        return "action=" + response.path("action").asText() + ", content="
                + CallToolResults.compact(
                        response.has("content") ? response.get("content") : JsonNodeFactory.instance.objectNode());
    }

    /** The text of a {@code CreateMessageResult} (or the whole response when it has none). */
    static String sampled(JsonNode response) {
        JsonNode text = response.path("content").path("text");
        return text.isTextual() ? text.asText() : CallToolResults.compact(response);
    }
}
