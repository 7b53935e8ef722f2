package dev.taskgate.worker.child.ops;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;

/**
 * {@code demo.fail}: returns a tool error ({@code isError: true}). This is a result, not a failure of the
 * execution: it ends completed with this result.
 */
public final class FailOperation implements Operation {
    /** The text returned when the input has no {@code message}. */
    public static final String DEFAULT_MESSAGE = "demo.fail was asked to fail";

    @Override
    public String run(JsonNode input, OperationContext context) {
        JsonNode message = input.get("message");
        String text = message != null && message.isTextual() ? message.asText() : DEFAULT_MESSAGE;
        return CallToolResults.text(text, true);
    }
}
