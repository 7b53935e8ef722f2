package dev.taskgate.worker.child.ops.conformance;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/** {@code failing_job}: after about a second, returns a tool execution error ({@code isError: true}). */
public final class FailingJobOperation implements Operation {
    static final Duration DELAY = Duration.ofSeconds(1);

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        if (context.awaitStop(DELAY)) {
            throw new OperationStoppedException("failing_job cancelled");
        }
        return CallToolResults.text("failing_job failed as designed", true);
    }
}
