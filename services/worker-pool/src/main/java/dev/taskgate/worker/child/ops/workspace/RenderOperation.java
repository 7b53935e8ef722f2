package dev.taskgate.worker.child.ops.workspace;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.artifact.ArtifactRef;
import dev.taskgate.worker.child.ops.workspace.graph.GraphEdge;
import dev.taskgate.worker.child.ops.workspace.graph.GraphLayout;
import dev.taskgate.worker.child.ops.workspace.graph.GraphNode;
import dev.taskgate.worker.child.ops.workspace.graph.GraphRenderer;
import dev.taskgate.worker.child.ops.workspace.graph.ReferenceGraph;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;

/**
 * {@code workspace.render}: a graph, computed from the same inputs as {@code workspace.inspect} or loaded from a
 * retained {@code graph_id} + {@code revision}, drawn as SVG (a layered layout) and DOT artifacts linked from the
 * result. At most {@code max_nodes} files are drawn; the coverage says how many were left out.
 */
public final class RenderOperation extends GraphOperation {
    static final String SVG = "image/svg+xml";
    static final String DOT = "text/vnd.graphviz";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public RenderOperation(GraphSourceProvider sources) {
        this(sources, TraversalLimits.DEFAULT);
    }

    RenderOperation(GraphSourceProvider sources, TraversalLimits limits) {
        super(sources, limits);
    }

    @Override
    protected String answer(JsonNode input, OperationContext context)
            throws GraphToolError, OperationStoppedException, InterruptedException {
        return render(input, context);
    }

    private String render(JsonNode input, OperationContext context) throws GraphToolError, OperationStoppedException {
        GraphInput request = GraphInput.of(input);
        ReferenceGraph graph;
        GraphSource source = null;
        if (input.path("graph_id").isTextual()) {
            graph = RetainedGraphs.load(
                    context,
                    input.get("graph_id").asText(),
                    input.path("revision").asText());
        } else {
            source = sources.open(context);
            graph = GraphComputation.compute(request.query(source), source, context, limits);
            RetainedGraphs.retain(context, graph);
        }
        GraphLayout layout = new GraphLayout(graph, request.maxNodes());
        List<GraphNode> drawnNodes = graph.nodes().subList(0, layout.drawnNodes());
        Set<String> drawnPaths =
                new HashSet<>(drawnNodes.stream().map(GraphNode::path).toList());
        List<GraphEdge> drawnEdges = graph.edges().stream()
                .filter(e -> drawnPaths.contains(e.from()) && (e.isDangling() || drawnPaths.contains(e.to())))
                .toList();
        String title = "Reference graph " + graph.graphId() + " at " + graph.revision();
        ArtifactRef svg = save(context, "graph-" + graph.graphId() + ".svg", SVG, GraphRenderer.svg(layout, title));
        ArtifactRef dot = save(
                context, "graph-" + graph.graphId() + ".dot", DOT, GraphRenderer.dot(graph, drawnNodes, drawnEdges));

        ObjectNode structured = MAPPER.createObjectNode();
        structured.put("graph_id", graph.graphId());
        structured.put("revision", graph.revision());
        ObjectNode coverage = structured.putObject("coverage");
        coverage.put("nodes_drawn", layout.drawnNodes());
        coverage.put("nodes_discovered", graph.nodes().size());
        coverage.put("edges_drawn", layout.drawnEdges());
        coverage.put("edges_discovered", graph.edges().size());
        coverage.put("files_total", graph.filesTotal());
        // with every file drawn, an edge is only left out when its target was never listed (a traversal bound)
        String reason = layout.drawnNodes() < graph.nodes().size() ? "max_nodes" : graph.incompleteReason();
        coverage.put("truncated", reason != null);
        if (reason == null) {
            coverage.putNull("reason");
        } else {
            coverage.put("reason", reason);
        }
        if (source != null) {
            GraphComputation.addListingCoverage(coverage, source);
        }
        structured
                .putArray("artifacts")
                .add(ToolResultBuilder.artifactJson(svg))
                .add(ToolResultBuilder.artifactJson(dot));
        String text =
                title + ": " + layout.drawnNodes() + " of " + graph.nodes().size() + " files and "
                        + layout.drawnEdges() + " of " + graph.edges().size() + " references drawn"
                        + (reason == null ? "." : " (not complete: " + reason + ").") + " SVG: " + svg.path() + " DOT: "
                        + dot.path();
        return new ToolResultBuilder(text)
                .link(svg, "the graph as SVG")
                .link(dot, "the graph as Graphviz DOT")
                .build(structured);
    }

    private static ArtifactRef save(OperationContext context, String name, String mediaType, String text)
            throws GraphToolError {
        try {
            return context.saveArtifact(name, mediaType, text.getBytes(StandardCharsets.UTF_8), Optional.empty());
        } catch (IllegalArgumentException e) {
            throw new GraphToolError("cannot keep the rendered graph: " + e.getMessage()
                    + "; render fewer files (max_nodes) or a smaller depth");
        }
    }
}
