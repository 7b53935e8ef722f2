package dev.taskgate.worker.child.ops.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.ops.workspace.graph.GraphDiff;
import dev.taskgate.worker.child.ops.workspace.graph.GraphQuery;
import dev.taskgate.worker.child.ops.workspace.graph.ReferenceGraph;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;

/**
 * {@code workspace.compare}: the nodes and edges added and removed between two revisions of one graph. {@code base} is
 * a retained revision; {@code head} is another retained revision or {@code current}, which computes the graph of the
 * base's query over the workspace as it is now and retains it.
 */
public final class CompareOperation extends GraphOperation {
    static final String CURRENT = "current";
    static final int MAX_ITEMS = 1000;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public CompareOperation(GraphSourceProvider sources) {
        this(sources, TraversalLimits.DEFAULT);
    }

    CompareOperation(GraphSourceProvider sources, TraversalLimits limits) {
        super(sources, limits);
    }

    @Override
    protected String answer(JsonNode input, OperationContext context)
            throws GraphToolError, OperationStoppedException, InterruptedException {
        return compare(input, context);
    }

    private String compare(JsonNode input, OperationContext context) throws GraphToolError, OperationStoppedException {
        String graphId = input.path("graph_id").asText();
        ReferenceGraph base =
                RetainedGraphs.load(context, graphId, input.path("base").asText());
        String headRevision = input.path("head").asText(CURRENT);
        ReferenceGraph head;
        ObjectNode retained = null;
        if (headRevision.equals(CURRENT)) {
            GraphSource source = sources.open(context);
            GraphQuery query = new GraphQuery(
                    source.workspaceId(), base.query().start(), base.query().depth(), source.referencePatterns());
            if (!query.graphId().equals(graphId)) {
                throw new GraphToolError(
                        "graph " + graphId + " cannot be computed now: the workspace's reference"
                                + " patterns (or its id) changed since it was retained; compare two retained revisions instead");
            }
            head = GraphComputation.compute(query, source, context, limits);
            RetainedGraphs.Retention retention = RetainedGraphs.retain(context, head);
            retained = MAPPER.createObjectNode();
            retained.put("key", retention.key());
            retained.put("retained", retention.retained());
            if (retention.reason() != null) {
                retained.put("reason", retention.reason());
            }
        } else {
            head = RetainedGraphs.load(context, graphId, headRevision);
        }
        GraphDiff diff = GraphDiff.of(base, head);
        ObjectNode structured = diff.toStructuredContent(MAX_ITEMS);
        if (retained != null) {
            structured.set("retained", retained);
        }
        return CallToolResults.structured(diff.summary(), structured, false);
    }
}
