package dev.taskgate.worker.child.ops.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.ops.workspace.graph.GraphPage;
import dev.taskgate.worker.child.ops.workspace.graph.GraphQuery;
import dev.taskgate.worker.child.ops.workspace.graph.PageCursor;
import dev.taskgate.worker.child.ops.workspace.graph.ReferenceGraph;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;

/**
 * {@code workspace.inspect}: the reference graph of the workspace's files from {@code start} (or every file) to
 * {@code depth}, one bounded page at a time with its coverage stated. With {@code helper_expansion: true} a page that
 * is not the last carries {@code next_cursor}; a cursor whose revision no longer matches the files is refused. The
 * whole graph is retained as an artifact for render and compare; the result is staged before it is returned.
 */
public final class InspectOperation extends GraphOperation {
    static final String WORKSPACE_CHANGED = "the workspace changed since this page; start again (call without cursor)";

    public InspectOperation(GraphSourceProvider sources) {
        this(sources, TraversalLimits.DEFAULT);
    }

    InspectOperation(GraphSourceProvider sources, TraversalLimits limits) {
        super(sources, limits);
    }

    @Override
    protected String answer(JsonNode input, OperationContext context)
            throws GraphToolError, OperationStoppedException, InterruptedException {
        return inspect(GraphInput.of(input), context);
    }

    private String inspect(GraphInput request, OperationContext context)
            throws GraphToolError, OperationStoppedException {
        GraphSource source = sources.open(context);
        GraphQuery query = request.query(source);
        PageCursor cursor = null;
        if (request.cursor().isPresent()) {
            try {
                cursor = PageCursor.decode(request.cursor().get());
            } catch (IllegalArgumentException e) {
                throw new GraphToolError(e.getMessage() + "; pass the next_cursor of a previous page unchanged");
            }
            if (!cursor.graphId().equals(query.graphId())) {
                throw new GraphToolError("the cursor belongs to another graph (start, depth or the workspace's"
                        + " reference patterns differ); call again with the same start and depth, or without cursor");
            }
        }
        ReferenceGraph graph = GraphComputation.compute(query, source, context, limits);
        if (cursor != null && !cursor.revision().equals(graph.revision())) {
            throw new GraphToolError(WORKSPACE_CHANGED + ": a file read for the earlier pages changed ("
                    + cursor.revision() + " then, " + graph.revision() + " now)");
        }
        GraphPage page;
        try {
            page = cursor == null
                    ? GraphPage.first(graph, request.maxNodes(), request.maxEdges(), request.helperExpansion())
                    : GraphPage.at(graph, cursor, request.maxNodes(), request.maxEdges());
        } catch (IllegalArgumentException e) {
            throw new GraphToolError(e.getMessage());
        }
        ObjectNode structured = page.toStructuredContent();
        GraphComputation.addListingCoverage((ObjectNode) structured.get("coverage"), source);
        if (cursor == null) { // continuation pages share the first page's revision, which is retained already
            RetainedGraphs.Retention retention = RetainedGraphs.retain(context, graph);
            ObjectNode retained = structured.putObject("retained");
            retained.put("key", retention.key());
            retained.put("retained", retention.retained());
            if (retention.reason() != null) {
                retained.put("reason", retention.reason());
            }
        }
        return CallToolResults.structured(page.summary(), structured, false);
    }
}
