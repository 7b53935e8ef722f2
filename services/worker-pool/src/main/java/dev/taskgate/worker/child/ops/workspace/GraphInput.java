package dev.taskgate.worker.child.ops.workspace;

import java.util.Optional;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.ops.workspace.graph.GraphQuery;

/**
 * The graph-selecting part of the input of the workspace graph operations (already validated against the catalog
 * schema by the parent): {@code start}, {@code depth}, {@code max_nodes}, {@code max_edges},
 * {@code helper_expansion}, {@code cursor}.
 */
record GraphInput(
        TreeSet<String> start,
        int depth,
        int maxNodes,
        int maxEdges,
        boolean helperExpansion,
        Optional<String> cursor) {
    static final int DEFAULT_DEPTH = 3;
    static final int DEFAULT_MAX_NODES = 200;
    static final int DEFAULT_MAX_EDGES = 500;

    static GraphInput of(JsonNode input) {
        TreeSet<String> start = new TreeSet<>();
        input.path("start").forEach(s -> start.add(s.asText()));
        return new GraphInput(
                start,
                input.path("depth").asInt(DEFAULT_DEPTH),
                input.path("max_nodes").asInt(DEFAULT_MAX_NODES),
                input.path("max_edges").asInt(DEFAULT_MAX_EDGES),
                input.path("helper_expansion").asBoolean(false),
                input.path("cursor").isTextual()
                        ? Optional.of(input.get("cursor").asText())
                        : Optional.empty());
    }

    GraphQuery query(GraphSource source) {
        return new GraphQuery(source.workspaceId(), start, depth, source.referencePatterns());
    }
}
