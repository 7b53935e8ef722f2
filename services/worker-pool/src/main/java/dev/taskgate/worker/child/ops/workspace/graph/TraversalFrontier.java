package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Where a traversal stood: the graph identity, every discovered node in traversal order, the queue cursor (nodes
 * before it have been read) and the edges found so far. Saved as an intermediate checkpoint bound to the revision of
 * the files read before the cursor.
 *
 * @param graphId    the graph identity it belongs to
 * @param nodes      discovered nodes in traversal order
 * @param cursor     how many nodes have been read (the queue position)
 * @param edges      edges found in the nodes read
 * @param unreadable nodes before the cursor that could not be read (not part of the revision)
 * @param capped     whether a file was left out because {@link TraversalLimits#maxNodes()} was reached
 */
public record TraversalFrontier(
        String graphId,
        List<GraphNode> nodes,
        int cursor,
        List<GraphEdge> edges,
        Set<String> unreadable,
        boolean capped) {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int VERSION = 1;

    public TraversalFrontier {
        Objects.requireNonNull(graphId, "graphId");
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        unreadable = Set.copyOf(unreadable);
        if (cursor < 0 || cursor > nodes.size()) {
            throw new IllegalArgumentException("cursor out of range");
        }
    }

    /** The paths read before the cursor, sorted: exactly the files the checkpoint's revision covers. */
    public TreeSet<String> readPaths() {
        TreeSet<String> read = new TreeSet<>();
        for (int i = 0; i < cursor; i++) {
            read.add(nodes.get(i).path());
        }
        read.removeAll(unreadable);
        return read;
    }

    /** Compact JSON: {@code {v, graph_id, cursor, nodes: [[path, depth]], edges: [[from, to|null, ref]], unreadable, capped}}. */
    public String toJson() {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("v", VERSION);
        json.put("graph_id", graphId);
        json.put("cursor", cursor);
        ArrayNode nodeArray = json.putArray("nodes");
        nodes.forEach(n -> nodeArray.addArray().add(n.path()).add(n.depth()));
        ArrayNode edgeArray = json.putArray("edges");
        edges.forEach(e -> edgeArray.addArray().add(e.from()).add(e.to()).add(e.ref()));
        new TreeSet<>(unreadable).forEach(json.putArray("unreadable")::add);
        json.put("capped", capped);
        try {
            return MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a frontier", e);
        }
    }

    /** The frontier in {@code text}, or empty when it is not a frontier this version wrote. */
    public static Optional<TraversalFrontier> parse(String text) {
        try {
            JsonNode json = MAPPER.readTree(text);
            if (json == null
                    || json.path("v").asInt() != VERSION
                    || !json.path("graph_id").isTextual()
                    || !json.path("cursor").isInt()) {
                return Optional.empty();
            }
            List<GraphNode> nodes = new ArrayList<>();
            for (JsonNode n : json.path("nodes")) {
                if (!n.path(0).isTextual() || !n.path(1).isInt()) {
                    return Optional.empty();
                }
                nodes.add(new GraphNode(n.get(0).asText(), n.get(1).asInt()));
            }
            List<GraphEdge> edges = new ArrayList<>();
            for (JsonNode e : json.path("edges")) {
                if (!e.path(0).isTextual()
                        || !e.path(2).isTextual()
                        || !(e.path(1).isTextual() || e.path(1).isNull())) {
                    return Optional.empty();
                }
                edges.add(new GraphEdge(
                        e.get(0).asText(),
                        e.get(1).isNull() ? null : e.get(1).asText(),
                        e.get(2).asText()));
            }
            Set<String> unreadable = new TreeSet<>();
            json.path("unreadable").forEach(u -> unreadable.add(u.asText()));
            return Optional.of(new TraversalFrontier(
                    json.get("graph_id").asText(),
                    nodes,
                    json.get("cursor").asInt(),
                    edges,
                    unreadable,
                    json.path("capped").asBoolean(false)));
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
