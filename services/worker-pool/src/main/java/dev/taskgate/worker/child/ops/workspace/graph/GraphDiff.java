package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What changed between two graphs of one identity: nodes by path, edges by {@link GraphEdge#identity()}. Both sides'
 * coverage is part of the answer, because a difference between incomplete graphs may only be a difference in what was
 * seen.
 *
 * @param base         the older graph
 * @param head         the newer graph
 * @param addedNodes   paths in head only, sorted
 * @param removedNodes paths in base only, sorted
 * @param addedEdges   edges in head only
 * @param removedEdges edges in base only
 */
public record GraphDiff(
        ReferenceGraph base,
        ReferenceGraph head,
        List<String> addedNodes,
        List<String> removedNodes,
        List<GraphEdge> addedEdges,
        List<GraphEdge> removedEdges) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Compares {@code base} with {@code head}. */
    public static GraphDiff of(ReferenceGraph base, ReferenceGraph head) {
        TreeSet<String> baseNodes =
                new TreeSet<>(base.nodes().stream().map(GraphNode::path).toList());
        TreeSet<String> headNodes =
                new TreeSet<>(head.nodes().stream().map(GraphNode::path).toList());
        Map<String, GraphEdge> baseEdges = byIdentity(base.edges());
        Map<String, GraphEdge> headEdges = byIdentity(head.edges());
        return new GraphDiff(
                base,
                head,
                minus(headNodes, baseNodes),
                minus(baseNodes, headNodes),
                headEdges.entrySet().stream()
                        .filter(e -> !baseEdges.containsKey(e.getKey()))
                        .map(Map.Entry::getValue)
                        .sorted(GraphEdge.ORDER)
                        .toList(),
                baseEdges.entrySet().stream()
                        .filter(e -> !headEdges.containsKey(e.getKey()))
                        .map(Map.Entry::getValue)
                        .sorted(GraphEdge.ORDER)
                        .toList());
    }

    /** Whether nothing changed. */
    public boolean isEmpty() {
        return addedNodes.isEmpty() && removedNodes.isEmpty() && addedEdges.isEmpty() && removedEdges.isEmpty();
    }

    /**
     * {@code {graph_id, base: {revision, ...coverage}, head: {...}, complete, added_nodes, removed_nodes, added_edges,
     * removed_edges, coverage: {changes_total, changes_returned, truncated, reason}}}; at most {@code maxItems} per
     * list.
     */
    public ObjectNode toStructuredContent(int maxItems) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("graph_id", base.graphId());
        json.set("base", side(base));
        json.set("head", side(head));
        json.put("complete", base.isComplete() && head.isComplete());
        int total = addedNodes.size() + removedNodes.size() + addedEdges.size() + removedEdges.size();
        int returned = 0;
        ArrayNode added = json.putArray("added_nodes");
        returned += fill(added, addedNodes, maxItems);
        ArrayNode removed = json.putArray("removed_nodes");
        returned += fill(removed, removedNodes, maxItems);
        ArrayNode addedE = json.putArray("added_edges");
        addedEdges.stream().limit(maxItems).forEach(e -> addedE.add(ReferenceGraph.edgeJson(e)));
        returned += Math.min(maxItems, addedEdges.size());
        ArrayNode removedE = json.putArray("removed_edges");
        removedEdges.stream().limit(maxItems).forEach(e -> removedE.add(ReferenceGraph.edgeJson(e)));
        returned += Math.min(maxItems, removedEdges.size());
        ObjectNode coverage = json.putObject("coverage");
        coverage.put("changes_total", total);
        coverage.put("changes_returned", returned);
        String reason = returned < total
                ? "max_items"
                : !base.isComplete()
                        ? "base " + base.incompleteReason()
                        : !head.isComplete() ? "head " + head.incompleteReason() : null;
        coverage.put("truncated", reason != null);
        if (reason == null) {
            coverage.putNull("reason");
        } else {
            coverage.put("reason", reason);
        }
        return json;
    }

    /** A one-line summary for the text content block. */
    public String summary() {
        return "Graph " + base.graphId() + " from " + base.revision() + " to " + head.revision() + ": "
                + (isEmpty()
                        ? "no changes"
                        : "+" + addedNodes.size() + " / -" + removedNodes.size() + " nodes, +" + addedEdges.size()
                                + " / -" + removedEdges.size() + " edges")
                + (base.isComplete() && head.isComplete() ? "." : " (between incomplete graphs: see coverage).");
    }

    private static ObjectNode side(ReferenceGraph graph) {
        ObjectNode side = MAPPER.createObjectNode();
        side.put("revision", graph.revision());
        side.put("nodes", graph.nodes().size());
        side.put("edges", graph.edges().size());
        side.put("files_read", graph.filesRead());
        side.put("files_total", graph.filesTotal());
        side.put("complete", graph.isComplete());
        if (graph.incompleteReason() != null) {
            side.put("reason", graph.incompleteReason());
        }
        return side;
    }

    private static int fill(ArrayNode array, List<String> items, int max) {
        items.stream().limit(max).forEach(array::add);
        return Math.min(max, items.size());
    }

    private static Map<String, GraphEdge> byIdentity(List<GraphEdge> edges) {
        Map<String, GraphEdge> map = new LinkedHashMap<>();
        edges.forEach(e -> map.putIfAbsent(e.identity(), e));
        return map;
    }

    private static List<String> minus(TreeSet<String> a, TreeSet<String> b) {
        List<String> out = new ArrayList<>(a);
        out.removeAll(b);
        return out;
    }
}
