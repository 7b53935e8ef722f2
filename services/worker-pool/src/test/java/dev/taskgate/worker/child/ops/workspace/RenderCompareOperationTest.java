package dev.taskgate.worker.child.ops.workspace;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

class RenderCompareOperationTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private final Map<String, byte[]> store = ArtifactContext.newStore();
    private GraphSourceProvider sources;

    @BeforeEach
    void files() throws Exception {
        Files.writeString(dir.resolve("index.md"), "[a](a<&>.md) [b](b.md) [x](missing.md)\n");
        Files.writeString(dir.resolve("a<&>.md"), "[b](b.md)\n");
        Files.writeString(dir.resolve("b.md"), "leaf\n");
        sources = context -> new DirectorySource("docs", dir);
    }

    private JsonNode run(dev.taskgate.worker.child.Operation operation, String input, ArtifactContext context)
            throws Exception {
        String result = operation.run(MAPPER.readTree(input), context);
        assertThat(context.recording.staged()).endsWith(result);
        return MAPPER.readTree(result);
    }

    @Test
    void rendersSvgAndDotArtifactsLinkedFromTheResult() throws Exception {
        ArtifactContext context = new ArtifactContext(store);

        JsonNode result = run(new RenderOperation(sources), "{\"start\":[\"docs/index.md\"],\"depth\":2}", context);

        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.path("content"))
                .extracting(c -> c.path("type").asText())
                .containsExactly("text", "resource_link", "resource_link");
        assertThat(result.path("content").get(1).path("mimeType").asText()).isEqualTo("image/svg+xml");
        assertThat(result.path("content").get(2).path("mimeType").asText()).isEqualTo("text/vnd.graphviz");
        assertThat(result.path("structuredContent").path("artifacts")).hasSize(2);
        assertThat(result.path("content").get(1).path("uri").asText())
                .isEqualTo(result.path("structuredContent")
                        .path("artifacts")
                        .get(0)
                        .path("path")
                        .asText());
        byte[] svg = context.saved.stream()
                .filter(s -> s.mediaType().equals("image/svg+xml"))
                .findFirst()
                .orElseThrow()
                .content();
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg));
        assertThat(doc.getDocumentElement().getTextContent())
                .contains("docs/a<&>.md")
                .contains("? missing.md");
        assertThat(result.path("structuredContent")
                        .path("coverage")
                        .path("truncated")
                        .asBoolean())
                .isFalse();
    }

    @Test
    void aRenderBoundedByMaxNodesSaysWhatWasLeftOut() throws Exception {
        JsonNode result = run(
                new RenderOperation(sources),
                "{\"start\":[\"docs/index.md\"],\"depth\":2," + "\"max_nodes\":1}",
                new ArtifactContext(store));

        JsonNode coverage = result.at("/structuredContent/coverage");
        assertThat(coverage.path("nodes_drawn").asInt()).isEqualTo(1);
        assertThat(coverage.path("nodes_discovered").asInt()).isEqualTo(3);
        assertThat(coverage.path("edges_drawn").asInt()).isEqualTo(1); // index.md's dangling reference only
        assertThat(coverage.path("truncated").asBoolean()).isTrue();
        assertThat(coverage.path("reason").asText()).isEqualTo("max_nodes");
    }

    @Test
    void rendersARetainedRevisionWithoutReadingTheWorkspace() throws Exception {
        JsonNode inspected = run(
                        new InspectOperation(sources),
                        "{\"start\":[\"docs/index.md\"],\"depth\":2}",
                        new ArtifactContext(store))
                .path("structuredContent");
        Files.writeString(dir.resolve("b.md"), "changed\n");
        GraphSourceProvider noWorkspace = context -> {
            throw new IllegalStateException("must not open the workspace");
        };
        ArtifactContext context = new ArtifactContext(store);

        JsonNode result = run(
                new RenderOperation(noWorkspace),
                "{\"graph_id\":\"" + inspected.path("graph_id").asText() + "\",\"revision\":\""
                        + inspected.path("revision").asText() + "\"}",
                context);

        assertThat(result.path("structuredContent").path("revision").asText())
                .isEqualTo(inspected.path("revision").asText());
        String dot = new String(
                context.saved.stream()
                        .filter(s -> s.mediaType().equals("text/vnd.graphviz"))
                        .findFirst()
                        .orElseThrow()
                        .content(),
                StandardCharsets.UTF_8);
        assertThat(dot).contains("\"docs/index.md\" -> \"docs/a<&>.md\";");
    }

    @Test
    void comparesARetainedRevisionWithTheCurrentFiles() throws Exception {
        JsonNode base = run(
                        new InspectOperation(sources),
                        "{\"start\":[\"docs/index.md\"],\"depth\":2}",
                        new ArtifactContext(store))
                .path("structuredContent");
        Files.writeString(dir.resolve("index.md"), "[b](b.md) [c](c.md)\n");
        Files.writeString(dir.resolve("c.md"), "new\n");

        JsonNode diff = run(
                new CompareOperation(sources),
                "{\"graph_id\":\"" + base.path("graph_id").asText() + "\",\"base\":\""
                        + base.path("revision").asText() + "\",\"head\":\"current\"}",
                new ArtifactContext(store));

        JsonNode content = diff.path("structuredContent");
        assertThat(diff.path("isError").asBoolean()).isFalse();
        assertThat(content.path("added_nodes")).extracting(JsonNode::asText).containsExactly("docs/c.md");
        assertThat(content.path("removed_nodes")).extracting(JsonNode::asText).containsExactly("docs/a<&>.md");
        assertThat(content.path("removed_edges")).hasSize(3); // index->a, a->b, index->?missing
        assertThat(content.path("added_edges")).hasSize(1);
        String head = content.path("head").path("revision").asText();
        assertThat(store).containsKey("graph/" + base.path("graph_id").asText() + "/" + head);

        JsonNode again = run(
                new CompareOperation(sources),
                "{\"graph_id\":\"" + base.path("graph_id").asText() + "\",\"base\":\""
                        + base.path("revision").asText() + "\",\"head\":\"" + head + "\"}",
                new ArtifactContext(store));
        assertThat(again.path("structuredContent").path("added_nodes")).isEqualTo(content.path("added_nodes"));
    }

    @Test
    void aMissingRetainedRevisionIsAClearToolError() throws Exception {
        String missing = "sha256:" + "0".repeat(64);

        JsonNode compare = run(
                new CompareOperation(sources),
                "{\"graph_id\":\"g-" + "1".repeat(32) + "\",\"base\":\"" + missing + "\",\"head\":\"current\"}",
                new ArtifactContext(store));
        JsonNode render = run(
                new RenderOperation(sources),
                "{\"graph_id\":\"g-" + "1".repeat(32) + "\",\"revision\":\"" + missing + "\"}",
                new ArtifactContext(store));

        for (JsonNode result : new JsonNode[] {compare, render}) {
            assertThat(result.path("isError").asBoolean()).isTrue();
            assertThat(result.path("content").get(0).path("text").asText())
                    .contains("no graph g-111")
                    .contains("is retained at revision " + missing);
        }
    }
}
