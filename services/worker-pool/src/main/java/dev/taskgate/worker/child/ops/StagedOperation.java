package dev.taskgate.worker.child.ops;

import java.time.Duration;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code demo.staged}: computes a result that names a fresh run id (so a second run is visible in the result),
 * stages it as the result checkpoint, reports progress {@value #STAGED} with the run id and then holds it for
 * {@code hold_seconds}
 * before returning exactly the staged text. A stop during the hold ends the run without a result.
 */
public final class StagedOperation implements Operation {
    /** The progress message sent right after staging. */
    public static final String STAGED = "result staged";

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        JsonNode hold = input.get("hold_seconds");
        if (hold != null && (!hold.isNumber() || hold.asDouble() < 0)) {
            throw new IllegalArgumentException("hold_seconds must be a non-negative number");
        }
        String runId = "run " + UUID.randomUUID();
        String result = CallToolResults.text(runId, false);
        context.stageResult(result);
        context.progress(1, 1.0, STAGED + ": " + runId);
        long holdMillis = hold == null ? 0 : Math.round(hold.asDouble() * 1000);
        if (holdMillis > 0 && context.awaitStop(Duration.ofMillis(holdMillis))) {
            throw new OperationStoppedException("stopped while holding the staged result");
        }
        return result;
    }
}
