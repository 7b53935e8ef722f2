package dev.taskgate.worker.child.ops.conformance;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;

/**
 * {@code protocol_error_job}: breaks the execution itself (no result), so the execution ends {@code failed} and a
 * task reports a JSON-RPC {@code error} rather than a tool error.
 */
public final class ProtocolErrorOperation implements Operation {
    /** The message of the failure. */
    public static final String MESSAGE = "protocol_error_job fails its execution as designed";

    @Override
    public String run(JsonNode input, OperationContext context) {
        throw new IllegalStateException(MESSAGE);
    }
}
