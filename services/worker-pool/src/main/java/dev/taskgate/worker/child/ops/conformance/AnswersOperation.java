package dev.taskgate.worker.child.ops.conformance;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;

/**
 * The {@code test_input_required_result_*} fixtures and {@code test_missing_capability}: the frontend gathered their
 * input with input_required rounds and wrote the answers into the arguments, so the result only shows what arrived,
 * which is what the suite looks for (e.g. {@code state-ok} once a requestState was validated).
 */
public final class AnswersOperation implements Operation {
    private final String prefix;

    /** @param prefix the start of the result text, before the arguments received */
    public AnswersOperation(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public String run(JsonNode input, OperationContext context) {
        return CallToolResults.text(prefix + " " + CallToolResults.compact(input), false);
    }
}
