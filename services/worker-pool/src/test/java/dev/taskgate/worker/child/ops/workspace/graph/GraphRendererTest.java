package dev.taskgate.worker.child.ops.workspace.graph;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import static org.assertj.core.api.Assertions.assertThat;

class GraphRendererTest {
    private static final String NASTY = "r/<a href=\"x\">&'\u0001\".md";

    private static ReferenceGraph graph() {
        return new ReferenceGraph(
                new GraphQuery("ws", new TreeSet<>(List.of("r/index.md")), 2, List.of("x")),
                "sha256:r",
                List.of(
                        new GraphNode("r/index.md", 0),
                        new GraphNode(NASTY, 1),
                        new GraphNode("r/back\\slash\nline.md", 1)),
                List.of(
                        new GraphEdge("r/index.md", NASTY, "n"),
                                new GraphEdge("r/index.md", "r/back\\slash\nline.md", "b"),
                        new GraphEdge(NASTY, "r/index.md", "i"), new GraphEdge("r/index.md", null, "gone<&>.md")),
                3,
                2,
                0,
                null);
    }

    @Test
    void svgIsWellFormedXmlWithEveryLabelEscaped() throws Exception {
        String svg = GraphRenderer.svg(new GraphLayout(graph(), 100), "graph <g>");

        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getElementsByTagName("rect").getLength()).isEqualTo(4); // three files + one dangling
        assertThat(doc.getElementsByTagName("line").getLength()).isEqualTo(4);
        assertThat(doc.getDocumentElement().getTextContent())
                .contains("r/<a href=\"x\">&'\uFFFD\".md")
                .contains("? gone<&>.md");
        assertThat(svg).doesNotContain("<a href");
    }

    @Test
    void dotQuotesAndEscapesEveryIdentifier() {
        ReferenceGraph graph = graph();
        String dot = GraphRenderer.dot(graph, graph.nodes(), graph.edges());

        assertThat(dot)
                .startsWith("digraph \"" + graph.graphId() + "\" {")
                .contains("\"r/<a href=\\\"x\\\">&'\uFFFD\\\".md\"")
                .contains("\"r/back\\\\slash\\nline.md\"")
                .contains("[label=\"? gone<&>.md\", style=dashed, color=red]");
        assertThat(GraphRenderer.dotString("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
    }

    @Test
    void outputIsDeterministic() {
        assertThat(GraphRenderer.svg(new GraphLayout(graph(), 100), "t"))
                .isEqualTo(GraphRenderer.svg(new GraphLayout(graph(), 100), "t"));
        assertThat(GraphRenderer.dot(graph(), graph().nodes(), graph().edges()))
                .isEqualTo(GraphRenderer.dot(graph(), graph().nodes(), graph().edges()));
    }

    @Test
    void aLayoutBoundDrawsOnlyTheFirstFilesAndTheEdgesAmongThem() {
        GraphLayout layout = new GraphLayout(graph(), 1);

        assertThat(layout.drawnNodes()).isEqualTo(1);
        assertThat(layout.drawnEdges()).isEqualTo(1); // only the dangling reference of r/index.md
    }

    @Test
    void xmlEscapingCoversTheFiveSpecialCharacters() {
        assertThat(GraphRenderer.xml("<&>\"'")).isEqualTo("&lt;&amp;&gt;&quot;&apos;");
    }
}
