package dev.taskgate.worker.child.ops.conformance;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code multi_input}: asks two elicitations at once while running, so that two keys are outstanding together and a
 * caller may answer them one at a time, then summarises both answers.
 */
public final class MultiInputOperation implements Operation {

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        Map<String, JsonNode> requests = new LinkedHashMap<>();
        requests.put("name", ConfirmDeleteOperation.elicitation("What is your name?", "name", "string"));
        requests.put("confirm", ConfirmDeleteOperation.elicitation("Do you confirm?", "confirm", "boolean"));
        Map<String, JsonNode> answers = context.requestInput(requests);
        return CallToolResults.text(
                "Received name=" + CallToolResults.compact(answers.get("name")) + " confirm="
                        + CallToolResults.compact(answers.get("confirm")),
                false);
    }
}
