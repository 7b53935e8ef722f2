package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GraphPageTest {

    private static ReferenceGraph graph(int nodes, int unexpanded) {
        List<GraphNode> nodeList = new ArrayList<>();
        List<GraphEdge> edges = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            nodeList.add(new GraphNode("r/f" + i, i == 0 ? 0 : 1));
            if (i > 0) {
                edges.add(new GraphEdge("r/f0", "r/f" + i, "f" + i));
            }
        }
        return new ReferenceGraph(
                new GraphQuery("ws", new TreeSet<>(List.of("r/f0")), 1, List.of("x")),
                "sha256:r1",
                nodeList,
                edges,
                nodes + 3,
                1,
                unexpanded,
                null);
    }

    @Test
    void aCompleteSmallGraphFitsOnePageAndSaysItIsComplete() {
        JsonNode page = GraphPage.first(graph(3, 0), 10, 10, true).toStructuredContent();

        assertThat(page.path("coverage").path("truncated").asBoolean()).isFalse();
        assertThat(page.path("coverage").path("reason").isNull()).isTrue();
        assertThat(page.path("coverage").path("nodes_returned").asInt()).isEqualTo(3);
        assertThat(page.path("coverage").path("files_total").asInt()).isEqualTo(6);
        assertThat(page.has("next_cursor")).isFalse();
        assertThat(page.path("depth_requested").asInt()).isEqualTo(1);
        assertThat(page.path("depth_reached").asInt()).isEqualTo(1);
    }

    @Test
    void aBoundedPageWithoutExpansionStatesItsCoverageAndHasNoCursor() {
        GraphPage page = GraphPage.first(graph(5, 0), 2, 10, false);
        JsonNode json = page.toStructuredContent();

        assertThat(json.path("coverage").path("truncated").asBoolean()).isTrue();
        assertThat(json.path("coverage").path("reason").asText()).isEqualTo("max_nodes");
        assertThat(json.path("coverage").path("nodes_returned").asInt()).isEqualTo(2);
        assertThat(json.path("coverage").path("nodes_discovered").asInt()).isEqualTo(5);
        assertThat(json.has("next_cursor")).isFalse();
        assertThat(page.summary()).contains("helper_expansion");
    }

    @Test
    void continuationPagesCoverEveryNodeAndEdgeExactlyOnce() {
        ReferenceGraph graph = graph(7, 0);
        List<String> nodes = new ArrayList<>();
        List<String> edges = new ArrayList<>();
        GraphPage page = GraphPage.first(graph, 3, 2, true);
        for (int i = 0; i < 10; i++) {
            JsonNode json = page.toStructuredContent();
            json.path("nodes").forEach(n -> nodes.add(n.path("path").asText()));
            json.path("edges").forEach(e -> edges.add(e.path("to").asText()));
            assertThat(json.path("coverage").path("truncated").asBoolean()).isTrue();
            if (!json.has("next_cursor")) {
                break;
            }
            page = GraphPage.at(graph, PageCursor.decode(json.get("next_cursor").asText()), 3, 2);
        }
        assertThat(nodes)
                .containsExactlyElementsOf(
                        graph.nodes().stream().map(GraphNode::path).toList());
        assertThat(edges)
                .containsExactlyElementsOf(
                        graph.edges().stream().map(GraphEdge::to).toList());
    }

    @Test
    void aGraphStoppedAtTheDepthLimitIsReportedAsNotComplete() {
        JsonNode json = GraphPage.first(graph(3, 2), 10, 10, true).toStructuredContent();

        assertThat(json.path("coverage").path("truncated").asBoolean()).isTrue();
        assertThat(json.path("coverage").path("reason").asText()).isEqualTo("depth");
        assertThat(json.path("coverage").path("unexpanded").asInt()).isEqualTo(2);
    }

    @Test
    void aCursorBeyondTheGraphIsRejected() {
        assertThatThrownBy(() -> GraphPage.at(graph(3, 0), new PageCursor("g", "r", 9, 0), 2, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("start again");
    }
}
