package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GraphQueryTest {

    private static GraphQuery query(List<String> start, int depth, List<String> patterns) {
        return new GraphQuery("ws", new TreeSet<>(start), depth, patterns);
    }

    @Test
    void theIdentityDependsOnStartDepthAndPatternsOnly() {
        String id = query(List.of("r/a", "r/b"), 2, List.of("p")).graphId();

        assertThat(query(List.of("r/b", "r/a"), 2, List.of("p")).graphId()).isEqualTo(id);
        assertThat(query(List.of("r/a"), 2, List.of("p")).graphId()).isNotEqualTo(id);
        assertThat(query(List.of("r/a", "r/b"), 3, List.of("p")).graphId()).isNotEqualTo(id);
        assertThat(query(List.of("r/a", "r/b"), 2, List.of("q")).graphId()).isNotEqualTo(id);
        assertThat(new GraphQuery("other", new TreeSet<>(List.of("r/a", "r/b")), 2, List.of("p")).graphId())
                .isNotEqualTo(id);
    }

    @Test
    void roundTripsThroughJson() {
        GraphQuery query = query(List.of("r/a"), 4, List.of("p1", "p2"));

        assertThat(GraphQuery.fromJson(query.toJson())).isEqualTo(query);
    }

    @Test
    void boundsTheDepth() {
        assertThatThrownBy(() -> query(List.of(), 33, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> query(List.of(), -1, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRetainedGraphRoundTripsAndAForgedIdIsRejected() {
        ReferenceGraph graph = new ReferenceGraph(
                query(List.of("r/a"), 1, List.of("p")),
                "sha256:1",
                List.of(new GraphNode("r/a", 0)),
                List.of(new GraphEdge("r/a", null, "x")),
                1,
                1,
                0,
                null);

        assertThat(ReferenceGraph.fromJson(graph.toJson())).isEqualTo(graph);
        var forged = graph.toJson().put("graph_id", "g-other");
        assertThatThrownBy(() -> ReferenceGraph.fromJson(forged)).isInstanceOf(IllegalArgumentException.class);
    }
}
