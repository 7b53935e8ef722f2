package dev.taskgate.worker.child.ops.conformance;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code slow_compute}: waits {@code seconds} (default 0), then returns a result naming {@code label}. A stop request
 * ends it at once with {@link OperationStoppedException}, so a cancelled task settles {@code cancelled}, as the suite's
 * lifecycle checks require.
 */
public final class SlowComputeOperation implements Operation {

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        double seconds = input.path("seconds").asDouble(0);
        String label = input.path("label").asText("slow_compute");
        if (seconds > 0 && context.awaitStop(Duration.ofMillis(Math.round(seconds * 1000)))) {
            throw new OperationStoppedException("slow_compute " + label + " cancelled");
        }
        return CallToolResults.text(
                "slow_compute " + label + " finished after "
                        + input.path("seconds").asText("0") + " seconds",
                false);
    }
}
