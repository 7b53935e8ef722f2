package dev.taskgate.worker.child.ops.conformance;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationLogLevel;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code test_tool_with_logging}: logs "Tool execution started", "Tool processing data" and "Tool execution
 * completed" at {@code info}, about 50 ms apart, then returns text.
 */
public final class LoggingOperation implements Operation {
    static final Duration STEP = Duration.ofMillis(50);
    private static final String[] MESSAGES = {
        "Tool execution started", "Tool processing data", "Tool execution completed"
    };

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        for (int i = 0; i < MESSAGES.length; i++) {
            if (i > 0 && context.awaitStop(STEP)) {
                throw new OperationStoppedException("stopped after " + i + " log messages");
            }
            context.log(OperationLogLevel.INFO, "test_tool_with_logging", TextNode.valueOf(MESSAGES[i]));
        }
        return CallToolResults.text("Logging test completed: sent 3 log messages at info.", false);
    }
}
