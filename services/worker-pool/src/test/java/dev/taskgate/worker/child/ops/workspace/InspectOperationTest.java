package dev.taskgate.worker.child.ops.workspace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.RecordingContext;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;

import static org.assertj.core.api.Assertions.assertThat;

class InspectOperationTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private final Map<String, byte[]> store = ArtifactContext.newStore();
    private InspectOperation inspect;

    @BeforeEach
    void files() throws Exception {
        write("main.c", "#include \"a.h\"\n#include \"b.h\"\n#include \"gone.h\"\n");
        write("a.h", "#include \"c.h\"\n");
        write("b.h", "#include \"c.h\"\n");
        write("c.h", "// leaf\n");
        write("README.md", "[main](main.c) [a](a.h)\n");
        inspect = new InspectOperation(
                context -> new DirectorySource("src", dir), new TraversalLimits(1000, 1 << 20, 1000, 2, 100_000));
    }

    private void write(String name, String content) throws Exception {
        Files.writeString(dir.resolve(name), content);
    }

    private JsonNode run(String input, ArtifactContext context) throws Exception {
        String result = inspect.run(MAPPER.readTree(input), context);
        assertThat(context.recording.staged()).as("staged before returning").endsWith(result);
        return MAPPER.readTree(result);
    }

    @Test
    void returnsTheGraphWithItsCoverageAndRetainsIt() throws Exception {
        ArtifactContext context = new ArtifactContext(store);

        JsonNode result = run("{\"start\":[\"src/main.c\"],\"depth\":2}", context);

        JsonNode content = result.path("structuredContent");
        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(content.path("nodes"))
                .extracting(n -> n.path("path").asText())
                .containsExactly("src/main.c", "src/a.h", "src/b.h", "src/c.h");
        assertThat(content.path("edges")).hasSize(5);
        assertThat(content.path("edges").get(4).path("dangling").asBoolean()).isTrue();
        assertThat(content.path("coverage").path("files_total").asInt()).isEqualTo(5);
        assertThat(content.path("coverage").path("truncated").asBoolean()).isTrue();
        assertThat(content.path("coverage").path("reason").asText()).isEqualTo("depth");
        assertThat(content.path("depth_requested").asInt()).isEqualTo(2);
        assertThat(content.path("depth_reached").asInt()).isEqualTo(2);
        String key = "graph/" + content.path("graph_id").asText() + "/"
                + content.path("revision").asText();
        assertThat(content.path("retained").path("key").asText()).isEqualTo(key);
        assertThat(store).containsKey(key);
        assertThat(result.path("content").get(0).path("text").asText()).contains("4 of 4 nodes");
    }

    @Test
    void pagesThroughTheWholeGraphWithHelperExpansion() throws Exception {
        List<String> nodes = new ArrayList<>();
        String input = "{\"depth\":1,\"max_nodes\":2,\"max_edges\":3,\"helper_expansion\":true}";
        JsonNode page = run(input, new ArtifactContext(store)).path("structuredContent");
        int pages = 1;
        nodes.addAll(page.path("nodes").findValuesAsText("path"));
        while (page.has("next_cursor") && pages < 10) {
            ObjectNode next = (ObjectNode) MAPPER.readTree(input);
            next.put("cursor", page.get("next_cursor").asText());
            page = run(next.toString(), new ArtifactContext(store)).path("structuredContent");
            nodes.addAll(page.path("nodes").findValuesAsText("path"));
            pages++;
        }

        assertThat(pages).isEqualTo(3);
        assertThat(nodes).containsExactlyInAnyOrder("src/README.md", "src/a.h", "src/b.h", "src/c.h", "src/main.c");
    }

    @Test
    void refusesAPageAfterAFileItReadChanged() throws Exception {
        String input = "{\"depth\":1,\"max_nodes\":2,\"helper_expansion\":true}";
        JsonNode first = run(input, new ArtifactContext(store)).path("structuredContent");
        write("a.h", "#include \"b.h\"\n");
        ObjectNode next = (ObjectNode) MAPPER.readTree(input);
        next.put("cursor", first.get("next_cursor").asText());

        JsonNode refused = run(next.toString(), new ArtifactContext(store));

        assertThat(refused.path("isError").asBoolean()).isTrue();
        assertThat(refused.path("content").get(0).path("text").asText())
                .startsWith("the workspace changed since this page; start again");
    }

    @Test
    void refusesACursorOfAnotherGraphOrOneItDidNotIssue() throws Exception {
        JsonNode first = run("{\"depth\":1,\"max_nodes\":2,\"helper_expansion\":true}", new ArtifactContext(store))
                .path("structuredContent");

        JsonNode otherGraph = run(
                "{\"depth\":2,\"max_nodes\":2,\"cursor\":\""
                        + first.get("next_cursor").asText() + "\"}",
                new ArtifactContext(store));
        JsonNode forged = run("{\"depth\":1,\"cursor\":\"wsg1.xyz\"}", new ArtifactContext(store));

        assertThat(otherGraph.path("isError").asBoolean()).isTrue();
        assertThat(otherGraph.path("content").get(0).path("text").asText()).contains("another graph");
        assertThat(forged.path("isError").asBoolean()).isTrue();
        assertThat(forged.path("content").get(0).path("text").asText()).contains("not a workspace.inspect cursor");
    }

    @Test
    void withoutHelperExpansionABoundedPageSaysHowToGetTheRest() throws Exception {
        JsonNode result = run("{\"depth\":1,\"max_nodes\":2}", new ArtifactContext(store));

        assertThat(result.path("structuredContent").has("next_cursor")).isFalse();
        assertThat(result.path("structuredContent")
                        .path("coverage")
                        .path("reason")
                        .asText())
                .isEqualTo("max_nodes");
        assertThat(result.path("content").get(0).path("text").asText()).contains("helper_expansion");
    }

    @Test
    void aStartPathOutsideTheWorkspaceIsAToolError() throws Exception {
        JsonNode result = run("{\"start\":[\"src/nope.c\"]}", new ArtifactContext(store));

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.path("content").get(0).path("text").asText()).contains("src/nope.c");
        assertThat(store).isEmpty();
    }

    @Test
    void savesFrontiersAndContinuesFromOneWithTheSameResult() throws Exception {
        String input = "{\"depth\":1}";
        ArtifactContext first = new ArtifactContext(store);
        String undisturbed = inspect.run(MAPPER.readTree(input), first);
        assertThat(first.recording.checkpoints()).hasSize(2);
        String checkpoint = first.recording.checkpoints().get(0);
        int bar = checkpoint.indexOf('|');

        ArtifactContext replacement = new ArtifactContext(
                new RecordingContext()
                        .resuming(new FrontierResume(1, checkpoint.substring(0, bar), checkpoint.substring(bar + 1))),
                store);
        String resumed = inspect.run(MAPPER.readTree(input), replacement);

        assertThat(resumed).isEqualTo(undisturbed);
        assertThat(replacement.recording.reports().get(0).message()).startsWith("resumed from a frontier: 2 files");
        assertThat(replacement.recording.checkpoints()).hasSize(1);
    }

    @Test
    void aFrontierFromBeforeAnEditIsNotContinuedFrom() throws Exception {
        String input = "{\"depth\":1}";
        ArtifactContext first = new ArtifactContext(store);
        inspect.run(MAPPER.readTree(input), first);
        String checkpoint = first.recording.checkpoints().get(0);
        int bar = checkpoint.indexOf('|');
        write("README.md", "no links any more\n"); // README.md is the first file read

        ArtifactContext replacement = new ArtifactContext(
                new RecordingContext()
                        .resuming(new FrontierResume(1, checkpoint.substring(0, bar), checkpoint.substring(bar + 1))),
                store);
        JsonNode resumed = MAPPER.readTree(inspect.run(MAPPER.readTree(input), replacement));

        assertThat(replacement.recording.reports().get(0).message()).doesNotStartWith("resumed");
        assertThat(resumed.path("structuredContent").path("edges").findValuesAsText("from"))
                .doesNotContain("src/README.md");
    }
}
