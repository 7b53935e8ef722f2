package dev.taskgate.worker.child.ops.workspace;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.StagedSources;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;

/**
 * What the graph operations share: a failure the caller can act on ({@link GraphToolError}) is a tool error, and
 * every answer is staged as the result checkpoint before it is returned, bound to the files the run listed and read,
 * so a replacement publishes it unchanged only while those files are.
 */
abstract class GraphOperation implements Operation {
    /** Opens the run's workspace through a {@link RecordingGraphSource}; subclasses open it only through this. */
    protected final GraphSourceProvider sources;

    protected final TraversalLimits limits;
    private final Map<OperationContext, RecordingGraphSource> opened = new ConcurrentHashMap<>();

    GraphOperation(GraphSourceProvider sources, TraversalLimits limits) {
        this.sources = context -> {
            RecordingGraphSource source = new RecordingGraphSource(sources.open(context));
            opened.put(context, source);
            return source;
        };
        this.limits = limits;
    }

    @Override
    public final String run(JsonNode input, OperationContext context)
            throws OperationStoppedException, InterruptedException {
        String result;
        RecordingGraphSource source;
        try {
            try {
                result = answer(input, context);
            } catch (GraphToolError e) {
                result = CallToolResults.text(e.getMessage(), true);
            }
        } finally {
            source = opened.remove(context);
        }
        // a run that never opened the workspace (a rendering of a retained graph) depends on none of its files
        context.stageResult(result, source == null ? StagedSources.of(null, new TreeMap<>()) : source.sources());
        return result;
    }

    /** The operation's {@code CallToolResult} for {@code input}. */
    protected abstract String answer(JsonNode input, OperationContext context)
            throws GraphToolError, OperationStoppedException, InterruptedException;
}
