package dev.taskgate.worker.child.ops.conformance;

import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;

/** A fixture that ignores its input and returns one fixed {@code CallToolResult}. */
public final class FixedResultOperation implements Operation {
    private final String result;

    /** @param result the compact JSON text of the {@code CallToolResult} to return */
    public FixedResultOperation(String result) {
        this.result = Objects.requireNonNull(result, "result");
    }

    @Override
    public String run(JsonNode input, OperationContext context) {
        return result;
    }
}
