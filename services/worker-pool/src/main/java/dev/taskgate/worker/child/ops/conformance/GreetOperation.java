package dev.taskgate.worker.child.ops.conformance;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;

/**
 * {@code greet} ({@code Hello, {name}!}), {@code test_tool_with_task} (greets {@code user_name}, which the frontend
 * gathers with an input_required round before the task exists) and {@code test_input_required_result_elicitation}.
 */
public final class GreetOperation implements Operation {
    private final String member;
    private final String fallback;

    /**
     * @param member   the input member holding the name
     * @param fallback the name used when the member is absent
     */
    public GreetOperation(String member, String fallback) {
        this.member = member;
        this.fallback = fallback;
    }

    @Override
    public String run(JsonNode input, OperationContext context) {
        JsonNode name = input.get(member);
        return CallToolResults.text(
                "Hello, " + (name != null && name.isTextual() ? name.asText() : fallback) + "!", false);
    }
}
