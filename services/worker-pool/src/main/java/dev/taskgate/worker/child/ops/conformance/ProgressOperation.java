package dev.taskgate.worker.child.ops.conformance;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/** {@code test_tool_with_progress}: reports 0, 50 and 100 of 100 about 50 ms apart, then returns text. */
public final class ProgressOperation implements Operation {
    static final Duration STEP = Duration.ofMillis(50);

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        context.progress(0, 100.0, "started");
        for (int progress = 50; progress <= 100; progress += 50) {
            if (context.awaitStop(STEP)) {
                throw new OperationStoppedException("stopped at " + (progress - 50) + " of 100");
            }
            context.progress(progress, 100.0, progress == 100 ? "done" : "halfway");
        }
        return CallToolResults.text("Progress test completed: reported 0, 50 and 100 of 100.", false);
    }
}
