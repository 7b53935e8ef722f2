package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One bounded page of a reference graph, with its coverage stated: which part of the discovered graph it returns,
 * whether that is all of it, and why not.
 *
 * @param graph      the whole graph
 * @param nodeOffset first node returned
 * @param edgeOffset first edge returned
 * @param maxNodes   nodes per page at most
 * @param maxEdges   edges per page at most
 * @param expansion  whether the caller opted in to continuation pages ({@code helper_expansion})
 */
public record GraphPage(
        ReferenceGraph graph, int nodeOffset, int edgeOffset, int maxNodes, int maxEdges, boolean expansion) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public GraphPage {
        if (nodeOffset < 0 || edgeOffset < 0 || maxNodes < 1 || maxEdges < 1) {
            throw new IllegalArgumentException("offsets must not be negative and page sizes positive");
        }
    }

    /** The first page. */
    public static GraphPage first(ReferenceGraph graph, int maxNodes, int maxEdges, boolean expansion) {
        return new GraphPage(graph, 0, 0, maxNodes, maxEdges, expansion);
    }

    /**
     * The page {@code cursor} points at.
     *
     * @throws IllegalArgumentException when the cursor's offsets lie beyond the graph
     */
    public static GraphPage at(ReferenceGraph graph, PageCursor cursor, int maxNodes, int maxEdges) {
        if (cursor.nodeOffset() > graph.nodes().size()
                || cursor.edgeOffset() > graph.edges().size()) {
            throw new IllegalArgumentException("the cursor points beyond the graph; start again");
        }
        return new GraphPage(graph, cursor.nodeOffset(), cursor.edgeOffset(), maxNodes, maxEdges, true);
    }

    private int nodeEnd() {
        return (int) Math.min(graph.nodes().size(), (long) nodeOffset + maxNodes);
    }

    private int edgeEnd() {
        return (int) Math.min(graph.edges().size(), (long) edgeOffset + maxEdges);
    }

    /** Whether nodes or edges remain after this page. */
    public boolean hasMore() {
        return nodeEnd() < graph.nodes().size() || edgeEnd() < graph.edges().size();
    }

    /** The cursor of the next page, when continuation pages were asked for and something remains. */
    public Optional<PageCursor> next() {
        return expansion && hasMore()
                ? Optional.of(new PageCursor(graph.graphId(), graph.revision(), nodeEnd(), edgeEnd()))
                : Optional.empty();
    }

    /**
     * Why this response is not the whole graph within the requested depth: {@code max_nodes}/{@code max_edges} (the
     * page bound), else the traversal's own reason ({@link ReferenceGraph#incompleteReason()}), else
     * {@code continuation_page} (earlier pages hold the rest); {@code null} when it is complete.
     */
    public String reason() {
        if (nodeEnd() < graph.nodes().size()) {
            return "max_nodes";
        }
        if (edgeEnd() < graph.edges().size()) {
            return "max_edges";
        }
        if (graph.incompleteReason() != null) {
            return graph.incompleteReason();
        }
        return nodeOffset > 0 || edgeOffset > 0 ? "continuation_page" : null;
    }

    /**
     * {@code {revision, graph_id, depth_requested, depth_reached, coverage: {nodes_returned, nodes_discovered,
     * edges_returned, edges_discovered, files_total, files_read, truncated, reason}, nodes, edges, next_cursor?}}.
     */
    public ObjectNode toStructuredContent() {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("revision", graph.revision());
        json.put("graph_id", graph.graphId());
        json.put("depth_requested", graph.query().depth());
        json.put("depth_reached", graph.depthReached());
        ObjectNode coverage = json.putObject("coverage");
        coverage.put("nodes_returned", nodeEnd() - nodeOffset);
        coverage.put("nodes_discovered", graph.nodes().size());
        coverage.put("edges_returned", edgeEnd() - edgeOffset);
        coverage.put("edges_discovered", graph.edges().size());
        coverage.put(
                "dangling_edges",
                graph.edges().stream().filter(GraphEdge::isDangling).count());
        coverage.put("files_total", graph.filesTotal());
        coverage.put("files_read", graph.filesRead());
        coverage.put("unexpanded", graph.unexpanded());
        if (graph.incompleteReason() != null) {
            coverage.put("traversal_reason", graph.incompleteReason());
        }
        String reason = reason();
        coverage.put("truncated", reason != null);
        if (reason == null) {
            coverage.putNull("reason");
        } else {
            coverage.put("reason", reason);
        }
        if (nodeOffset > 0 || edgeOffset > 0) {
            coverage.put("node_offset", nodeOffset);
            coverage.put("edge_offset", edgeOffset);
        }
        ArrayNode nodes = json.putArray("nodes");
        graph.nodes().subList(nodeOffset, nodeEnd()).forEach(n -> nodes.add(ReferenceGraph.nodeJson(n)));
        ArrayNode edges = json.putArray("edges");
        graph.edges().subList(edgeOffset, edgeEnd()).forEach(e -> edges.add(ReferenceGraph.edgeJson(e)));
        next().ifPresent(c -> json.put("next_cursor", c.encode()));
        return json;
    }

    /** A one-paragraph summary for the text content block. */
    public String summary() {
        StringBuilder text = new StringBuilder();
        text.append("Reference graph ")
                .append(graph.graphId())
                .append(" at ")
                .append(graph.revision())
                .append(": ")
                .append(nodeEnd() - nodeOffset)
                .append(" of ")
                .append(graph.nodes().size())
                .append(" nodes and ")
                .append(edgeEnd() - edgeOffset)
                .append(" of ")
                .append(graph.edges().size())
                .append(" edges returned (depth ")
                .append(graph.depthReached())
                .append(" of ")
                .append(graph.query().depth())
                .append(" requested; ")
                .append(graph.filesRead())
                .append(" of ")
                .append(graph.filesTotal())
                .append(" files read).");
        String reason = reason();
        if (reason != null) {
            text.append(" Not complete: ").append(reason).append('.');
        }
        if (next().isPresent()) {
            text.append(" Call again with next_cursor for the next page.");
        } else if (hasMore()) {
            text.append(" Pass helper_expansion: true for continuation pages.");
        }
        return text.toString();
    }
}
