package dev.taskgate.worker.child.ops.workspace;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.artifact.ArtifactException;
import dev.taskgate.worker.child.ops.workspace.graph.ReferenceGraph;

/**
 * Graphs kept as workspace artifacts under {@code graph/<graph_id>/<revision>} (JSON), so that later calls can
 * render or compare a revision without recomputing it.
 */
final class RetainedGraphs {
    static final String MEDIA_TYPE = "application/json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Whether a graph was retained, and if not, why. */
    record Retention(boolean retained, String key, String reason) {}

    private RetainedGraphs() {}

    static String key(String graphId, String revision) {
        return "graph/" + graphId + "/" + revision;
    }

    /** Retains {@code graph}; a graph that cannot be kept (too large, no artifact store) is reported, not thrown. */
    static Retention retain(OperationContext context, ReferenceGraph graph) {
        String key = key(graph.graphId(), graph.revision());
        try {
            byte[] json = MAPPER.writeValueAsBytes(graph.toJson());
            context.saveArtifact("graph-" + graph.graphId() + ".json", MEDIA_TYPE, json, Optional.of(key));
            return new Retention(true, key, null);
        } catch (IllegalArgumentException | ArtifactException | UnsupportedOperationException e) {
            return new Retention(false, key, "not retained: " + e.getMessage());
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise a graph", e);
        }
    }

    /**
     * The graph retained under {@code graphId} and {@code revision}.
     *
     * @throws GraphToolError when none is retained (never computed, or expired) or it is unreadable
     */
    static ReferenceGraph load(OperationContext context, String graphId, String revision) throws GraphToolError {
        Optional<byte[]> bytes = context.loadArtifact(key(graphId, revision));
        if (bytes.isEmpty()) {
            throw new GraphToolError("no graph " + graphId + " is retained at revision " + revision
                    + " (never computed in this workspace, or expired); run workspace.inspect to compute it");
        }
        try {
            ReferenceGraph graph = ReferenceGraph.fromJson(MAPPER.readTree(bytes.get()));
            if (!graph.revision().equals(revision)) {
                throw new GraphToolError(
                        "the graph retained under " + key(graphId, revision) + " belongs to another revision");
            }
            return graph;
        } catch (IOException | IllegalArgumentException e) {
            throw new GraphToolError("the graph retained under " + key(graphId, revision) + " is unreadable");
        }
    }
}
