package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The reference graph of a workspace as one traversal found it.
 *
 * @param query       what it was computed from (its identity is {@link GraphQuery#graphId()})
 * @param revision    {@code WorkspaceFiles.revision} over exactly the files read
 * @param nodes       every discovered file, in traversal order (by depth, then discovery)
 * @param edges       every reference found in the files read, in {@link GraphEdge#ORDER}
 * @param filesTotal  how many files the workspace lists
 * @param filesRead   how many files were read to find references
 * @param unexpanded  discovered files whose references were not followed (at the depth limit, or after a limit)
 * @param limitReason why the traversal stopped before the requested depth ({@code null} when it did not)
 */
public record ReferenceGraph(
        GraphQuery query,
        String revision,
        List<GraphNode> nodes,
        List<GraphEdge> edges,
        int filesTotal,
        int filesRead,
        int unexpanded,
        String limitReason) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public ReferenceGraph {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(revision, "revision");
        nodes = List.copyOf(nodes);
        edges = edges.stream().sorted(GraphEdge.ORDER).toList();
    }

    public String graphId() {
        return query.graphId();
    }

    /** The greatest depth of any node (0 for an empty graph). */
    public int depthReached() {
        return nodes.stream().mapToInt(GraphNode::depth).max().orElse(0);
    }

    /** Whether the traversal found everything within the requested depth. */
    public boolean isComplete() {
        return limitReason == null && unexpanded == 0;
    }

    /**
     * Why the graph may miss files or references: {@code null} when complete, else the traversal limit or
     * {@code depth} (files at the requested depth were not read, so their references are not followed).
     */
    public String incompleteReason() {
        if (limitReason != null) {
            return limitReason;
        }
        return unexpanded > 0 ? "depth" : null;
    }

    /** The retained form: {@code {graph_id, revision, query, files_total, files_read, unexpanded, limit_reason, nodes, edges}}. */
    public ObjectNode toJson() {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("graph_id", graphId());
        json.put("revision", revision);
        json.set("query", query.toJson());
        json.put("files_total", filesTotal);
        json.put("files_read", filesRead);
        json.put("unexpanded", unexpanded);
        if (limitReason != null) {
            json.put("limit_reason", limitReason);
        }
        ArrayNode nodeArray = json.putArray("nodes");
        nodes.forEach(n -> nodeArray.add(nodeJson(n)));
        ArrayNode edgeArray = json.putArray("edges");
        edges.forEach(e -> edgeArray.add(edgeJson(e)));
        return json;
    }

    /** The inverse of {@link #toJson()}; rejects a graph whose id does not match its query. */
    public static ReferenceGraph fromJson(JsonNode json) {
        GraphQuery query = GraphQuery.fromJson(json.path("query"));
        if (!query.graphId().equals(json.path("graph_id").asText())) {
            throw new IllegalArgumentException("retained graph does not match its graph id");
        }
        List<GraphNode> nodes = new ArrayList<>();
        json.path("nodes")
                .forEach(n -> nodes.add(
                        new GraphNode(n.path("path").asText(), n.path("depth").asInt())));
        List<GraphEdge> edges = new ArrayList<>();
        json.path("edges")
                .forEach(e -> edges.add(new GraphEdge(
                        e.path("from").asText(),
                        e.hasNonNull("to") ? e.get("to").asText() : null,
                        e.path("ref").asText())));
        return new ReferenceGraph(
                query,
                json.path("revision").asText(),
                nodes,
                edges,
                json.path("files_total").asInt(),
                json.path("files_read").asInt(),
                json.path("unexpanded").asInt(),
                json.hasNonNull("limit_reason") ? json.get("limit_reason").asText() : null);
    }

    /** {@code {path, depth}}. */
    public static ObjectNode nodeJson(GraphNode node) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("path", node.path());
        json.put("depth", node.depth());
        return json;
    }

    /** {@code {from, to, ref}} for a resolved edge; {@code {from, to: null, ref, dangling: true}} for a dangling one. */
    public static ObjectNode edgeJson(GraphEdge edge) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("from", edge.from());
        if (edge.isDangling()) {
            json.putNull("to");
        } else {
            json.put("to", edge.to());
        }
        json.put("ref", edge.ref());
        if (edge.isDangling()) {
            json.put("dangling", true);
        }
        return json;
    }
}
