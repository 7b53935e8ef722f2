package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.Objects;

/**
 * A workspace file in a reference graph.
 *
 * @param path  {@code <root-name>/<rel/path>}
 * @param depth the traversal distance from the nearest start file (0 for a start file)
 */
public record GraphNode(String path, int depth) {

    public GraphNode {
        Objects.requireNonNull(path, "path");
        if (depth < 0) {
            throw new IllegalArgumentException("depth must not be negative");
        }
    }
}
