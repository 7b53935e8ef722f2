package dev.taskgate.worker.child.ops.workspace;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;

/**
 * What the graph operations share: a failure the caller can act on ({@link GraphToolError}) is a tool error, and
 * every answer is staged as the result checkpoint before it is returned, so a replacement publishes it unchanged.
 */
abstract class GraphOperation implements Operation {
    protected final GraphSourceProvider sources;
    protected final TraversalLimits limits;

    GraphOperation(GraphSourceProvider sources, TraversalLimits limits) {
        this.sources = sources;
        this.limits = limits;
    }

    @Override
    public final String run(JsonNode input, OperationContext context)
            throws OperationStoppedException, InterruptedException {
        String result;
        try {
            result = answer(input, context);
        } catch (GraphToolError e) {
            result = CallToolResults.text(e.getMessage(), true);
        }
        context.stageResult(result);
        return result;
    }

    /** The operation's {@code CallToolResult} for {@code input}. */
    protected abstract String answer(JsonNode input, OperationContext context)
            throws GraphToolError, OperationStoppedException, InterruptedException;
}
