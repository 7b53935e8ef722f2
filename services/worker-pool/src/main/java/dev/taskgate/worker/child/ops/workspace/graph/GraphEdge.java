package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.Comparator;
import java.util.Objects;

/**
 * A reference from one workspace file to another, as found by a reference pattern.
 *
 * @param from the referencing file
 * @param to   the resolved file, or {@code null} when the reference resolves to no workspace file (a dangling edge)
 * @param ref  the referenced text exactly as the pattern captured it
 */
public record GraphEdge(String from, String to, String ref) {
    /** Edges in a fixed order: by source, then target (dangling last), then reference text. */
    public static final Comparator<GraphEdge> ORDER = Comparator.comparing(GraphEdge::from)
            .thenComparing(GraphEdge::to, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(GraphEdge::ref);

    public GraphEdge {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(ref, "ref");
    }

    /** Whether the reference resolved to no workspace file. */
    public boolean isDangling() {
        return to == null;
    }

    /**
     * What identifies the edge across revisions: a resolved edge by its two ends (whatever text referenced it), a
     * dangling one by its source and text.
     */
    public String identity() {
        return isDangling() ? from + " -> ?" + ref : from + " -> " + to;
    }
}
