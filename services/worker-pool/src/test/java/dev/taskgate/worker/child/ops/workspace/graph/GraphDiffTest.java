package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class GraphDiffTest {
    private static final GraphQuery QUERY = new GraphQuery("ws", new TreeSet<>(List.of("r/a")), 2, List.of("x"));

    private static ReferenceGraph graph(String revision, List<String> nodes, List<GraphEdge> edges, int unexpanded) {
        return new ReferenceGraph(
                QUERY,
                revision,
                nodes.stream().map(p -> new GraphNode(p, 0)).toList(),
                edges,
                9,
                nodes.size(),
                unexpanded,
                null);
    }

    @Test
    void listsAddedAndRemovedNodesAndEdges() {
        ReferenceGraph base = graph(
                "sha256:1",
                List.of("r/a", "r/b", "r/c"),
                List.of(
                        new GraphEdge("r/a", "r/b", "b"),
                        new GraphEdge("r/a", "r/c", "c"),
                        new GraphEdge("r/a", null, "gone")),
                0);
        ReferenceGraph head = graph(
                "sha256:2",
                List.of("r/a", "r/b", "r/d"),
                List.of(
                        new GraphEdge("r/a", "r/b", "./b"),
                        new GraphEdge("r/a", "r/d", "d"),
                        new GraphEdge("r/a", null, "other")),
                0);

        GraphDiff diff = GraphDiff.of(base, head);

        assertThat(diff.addedNodes()).containsExactly("r/d");
        assertThat(diff.removedNodes()).containsExactly("r/c");
        // r/a -> r/b is the same edge whatever text referenced it
        assertThat(diff.addedEdges())
                .containsExactly(new GraphEdge("r/a", "r/d", "d"), new GraphEdge("r/a", null, "other"));
        assertThat(diff.removedEdges())
                .containsExactly(new GraphEdge("r/a", "r/c", "c"), new GraphEdge("r/a", null, "gone"));
        JsonNode json = diff.toStructuredContent(100);
        assertThat(json.path("coverage").path("truncated").asBoolean()).isFalse();
        assertThat(json.path("coverage").path("changes_total").asInt()).isEqualTo(6);
        assertThat(json.path("base").path("revision").asText()).isEqualTo("sha256:1");
    }

    @Test
    void identicalGraphsHaveNoChanges() {
        ReferenceGraph base = graph("sha256:1", List.of("r/a"), List.of(), 0);

        GraphDiff diff = GraphDiff.of(base, base);

        assertThat(diff.isEmpty()).isTrue();
        assertThat(diff.summary()).contains("no changes");
    }

    @Test
    void statesWhenTheListsAreCutOrEitherSideIsIncomplete() {
        ReferenceGraph base = graph("sha256:1", List.of("r/a"), List.of(), 0);
        ReferenceGraph head = graph("sha256:2", List.of("r/a", "r/b", "r/c"), List.of(), 2);

        JsonNode cut = GraphDiff.of(base, head).toStructuredContent(1);
        JsonNode whole = GraphDiff.of(base, head).toStructuredContent(10);

        assertThat(cut.path("added_nodes")).hasSize(1);
        assertThat(cut.path("coverage").path("reason").asText()).isEqualTo("max_items");
        assertThat(whole.path("coverage").path("reason").asText()).isEqualTo("head depth");
        assertThat(whole.path("complete").asBoolean()).isFalse();
    }
}
