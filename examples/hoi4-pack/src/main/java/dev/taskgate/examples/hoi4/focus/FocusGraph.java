package dev.taskgate.examples.hoi4.focus;

import java.util.List;

import dev.taskgate.examples.hoi4.scan.Problem;

/**
 * A focus tree as a graph: its focuses (own, then the shared ones it pulls in) at absolute positions, prerequisite
 * edges, mutually exclusive pairs, and the problems of its references.
 */
public record FocusGraph(
        FocusTree tree,
        List<PlacedFocus> focuses,
        List<PrerequisiteEdge> edges,
        List<ExclusivePair> exclusive,
        List<Problem> problems) {

    public FocusGraph {
        focuses = List.copyOf(focuses);
        edges = List.copyOf(edges);
        exclusive = List.copyOf(exclusive);
        problems = List.copyOf(problems);
    }
}
