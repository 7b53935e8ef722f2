package dev.taskgate.worker.child.ops;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;

/** {@code demo.echo}: returns its input as compact JSON text and as {@code structuredContent}. */
public final class EchoOperation implements Operation {

    @Override
    public String run(JsonNode input, OperationContext context) {
        return CallToolResults.structured(CallToolResults.compact(input), input, false);
    }
}
