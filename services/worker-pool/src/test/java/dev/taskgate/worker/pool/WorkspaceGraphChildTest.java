package dev.taskgate.worker.pool;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.ChildServer;
import dev.taskgate.worker.child.journal.ContentHash;
import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * workspace.inspect/render/compare in a real child JVM over real files, the test playing the parent: it hands the run
 * its workspace, answers artifact requests from an in-memory store (job-control's part) and offers saved frontiers
 * back to a second run, as a replacement after an owner loss would get them.
 */
class WorkspaceGraphChildTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @TempDir
    Path workRoot;

    private ChildProcess child;
    private JsonNode workspace;
    private final Map<String, byte[]> artifacts = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path docs = Files.createDirectories(dir.resolve("docs"));
        // a chain of 60 headers, so that a traversal saves frontiers (every 25 files)
        StringBuilder main = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            main.append("#include \"h").append(i).append(".h\"\n");
            Files.writeString(
                    src.resolve("h" + i + ".h"), i % 10 == 0 ? "#include \"missing" + i + ".h\"\n" : "// leaf\n");
        }
        Files.writeString(src.resolve("main.c"), main);
        Files.writeString(docs.resolve("guide.md"), "[main](main.c) [h1](/h1.h)\n");
        workspace = new Workspace(
                        "acme/demo",
                        List.of(new WorkspaceRoot("src", src), new WorkspaceRoot("docs", docs)),
                        Workspace.compile("acme/demo", Workspace.DEFAULT_REFERENCE_PATTERNS),
                        Workspace.DEFAULT_MAX_FILE_BYTES)
                .toJson();
        child = ChildProcess.start(TestSandboxes.plain(workRoot), ChildCommand.build("64m"), (c, code) -> {});
        assertThat(child.awaitReady(READY)).as("ready line").isTrue();
    }

    @AfterEach
    void stop() {
        child.kill();
    }

    /** Plays the parent for one run: answers artifact requests, records checkpoints and progress. */
    private final class Parent implements RunObserver {
        final BlockingQueue<ChildMessage> terminal = new LinkedBlockingQueue<>();
        final List<JsonNode> checkpoints = new ArrayList<>();
        final List<String> progress = new ArrayList<>();
        final List<JsonNode> saved = new ArrayList<>();
        final List<String> staged = new ArrayList<>();

        @Override
        public synchronized void onMessage(ChildProcess process, ChildMessage message) {
            switch (message.kind()) {
                case ARTIFACT_SAVE -> {
                    JsonNode line = message.artifact();
                    byte[] content = Base64.getDecoder()
                            .decode(line.path("contentBase64").asText());
                    if (line.hasNonNull("key")) {
                        artifacts.put(line.get("key").asText(), content);
                    }
                    saved.add(line);
                    String sha = ContentHash.of(content).substring(7);
                    ObjectNode ref = MAPPER.createObjectNode()
                            .put("id", "a-" + sha.substring(0, 12))
                            .put("name", line.path("name").asText())
                            .put("mediaType", line.path("mediaType").asText())
                            .put("sha256", sha)
                            .put("size", content.length)
                            .put("path", "/v1/orgs/acme/projects/demo/artifacts/a-" + sha.substring(0, 12));
                    process.artifactSaved(line.path("requestId").asLong(), ref);
                }
                case ARTIFACT_LOAD -> {
                    byte[] content =
                            artifacts.get(message.artifact().path("key").asText());
                    process.artifactLoaded(
                            message.artifact().path("requestId").asLong(),
                            content == null ? null : Base64.getEncoder().encodeToString(content));
                }
                case CHECKPOINT -> checkpoints.add(message.plan());
                case PROGRESS -> progress.add(message.message());
                case STAGE -> staged.add(message.result());
                default -> {
                    if (message.kind().isTerminal()) {
                        terminal.add(message);
                    }
                }
            }
        }

        @Override
        public void onExit(ChildProcess process, int exitCode) {
            terminal.add(new ChildMessage(ChildMessage.Kind.ERROR, 0, null, "exit " + exitCode, null, "exit"));
        }

        JsonNode result() throws InterruptedException {
            ChildMessage message = terminal.poll(60, TimeUnit.SECONDS);
            assertThat(message).as("a terminal line").isNotNull();
            assertThat(message.kind()).as(message.message()).isEqualTo(ChildMessage.Kind.RESULT);
            assertThat(staged).as("staged before returning").containsExactly(message.result());
            try {
                return MAPPER.readTree(message.result());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }

    private Parent run(String operation, String input, JsonNode resume, long sequenceBase) throws Exception {
        Parent parent = new Parent();
        child.run(operation, MAPPER.readTree(input), null, sequenceBase, resume, workspace, parent);
        return parent;
    }

    @Test
    void pagesThroughTheGraphAndRefusesAPageAfterASourceEdit() throws Exception {
        String input = "{\"start\":[\"docs/guide.md\"],\"depth\":2,\"max_nodes\":20,\"max_edges\":30,"
                + "\"helper_expansion\":true}";
        JsonNode first = run("workspace.inspect", input, null, 0).result().path("structuredContent");
        assertThat(first.path("coverage").path("nodes_discovered").asInt()).isEqualTo(62);
        assertThat(first.path("coverage").path("nodes_returned").asInt()).isEqualTo(20);
        assertThat(first.path("coverage").path("reason").asText()).isEqualTo("max_nodes");
        assertThat(artifacts)
                .containsKey("graph/" + first.path("graph_id").asText() + "/"
                        + first.path("revision").asText());
        ObjectNode next = (ObjectNode) MAPPER.readTree(input);
        next.put("cursor", first.path("next_cursor").asText());

        JsonNode second =
                run("workspace.inspect", next.toString(), null, 0).result().path("structuredContent");
        // breadth-first: guide.md, then main.c and h1.h (its links), then main.c's includes in order
        assertThat(first.path("nodes").get(19).path("path").asText()).isEqualTo("src/h17.h");
        assertThat(second.path("nodes").get(0).path("path").asText()).isEqualTo("src/h18.h");
        assertThat(second.path("coverage").path("node_offset").asInt()).isEqualTo(20);

        Files.writeString(dir.resolve("src/main.c"), "#include \"h1.h\"\n"); // read at depth 1
        next.put("cursor", second.path("next_cursor").asText());
        JsonNode refused = run("workspace.inspect", next.toString(), null, 0).result();

        assertThat(refused.path("isError").asBoolean()).isTrue();
        assertThat(refused.path("content").get(0).path("text").asText())
                .startsWith("the workspace changed since this page; start again");
    }

    @Test
    void aReplacementContinuesFromASavedFrontierAndReturnsTheSameResult() throws Exception {
        String input = "{\"depth\":1,\"max_nodes\":100}";
        Parent first = run("workspace.inspect", input, null, 0);
        JsonNode undisturbed = first.result();
        // 62 files read at depth 0, a frontier every 25, then the staged result's final one
        assertThat(first.checkpoints).hasSize(3);
        JsonNode checkpoint = first.checkpoints.get(0);

        Parent replacement = run(
                "workspace.inspect",
                input,
                checkpoint,
                checkpoint.path("sequence").asLong());

        assertThat(replacement.result()).isEqualTo(undisturbed);
        assertThat(replacement.progress.get(0)).startsWith("resumed from a frontier: 25 files read");
        assertThat(replacement.checkpoints)
                .extracting(c -> c.path("sequence").asLong())
                .containsExactly(2L, 3L);
    }

    @Test
    void aReplacementStartsAfreshWhenAFileReadBeforeTheFrontierChanged() throws Exception {
        String input = "{\"depth\":1,\"max_nodes\":100}";
        Parent first = run("workspace.inspect", input, null, 0);
        first.result();
        JsonNode checkpoint = first.checkpoints.get(0);
        Files.writeString(dir.resolve("docs/guide.md"), "no links\n"); // the first file read

        Parent replacement = run(
                "workspace.inspect",
                input,
                checkpoint,
                checkpoint.path("sequence").asLong());
        JsonNode result = replacement.result().path("structuredContent");

        assertThat(replacement.progress.get(0)).startsWith("0 files read");
        assertThat(result.path("edges").findValuesAsText("from")).doesNotContain("docs/guide.md");
        assertThat(replacement.checkpoints)
                .extracting(c -> c.path("sequence").asLong())
                .containsExactly(2L, 3L, 4L);
    }

    @Test
    void aReplacementPublishesTheStagedResultWhileTheFilesItReadAreUnchanged() throws Exception {
        String input = "{\"start\":[\"docs/guide.md\"],\"depth\":1}";
        Parent first = run("workspace.inspect", input, null, 0);
        String staged = first.result().toString();
        JsonNode last = first.checkpoints.get(first.checkpoints.size() - 1);
        assertThat(MAPPER.readTree(last.path("frontier").asText())
                        .path("staged")
                        .asText())
                .isEqualTo(first.staged.get(0));

        Parent replacement =
                run("workspace.inspect", input, last, last.path("sequence").asLong());

        assertThat(replacement.result().toString()).isEqualTo(staged);
        assertThat(replacement.progress).containsExactly(ChildServer.STAGED_UNCHANGED);
        assertThat(replacement.saved).as("nothing computed again").isEmpty();
        assertThat(replacement.checkpoints)
                .as("staged again under the replacement's epoch, with the same binding")
                .extracting(c -> c.path("frontier").asText())
                .containsExactly(last.path("frontier").asText());
    }

    @Test
    void aReplacementRunsAfreshWhenAFileTheStagedResultReadChanged() throws Exception {
        String input = "{\"start\":[\"docs/guide.md\"],\"depth\":1}";
        Parent first = run("workspace.inspect", input, null, 0);
        JsonNode before = first.result().path("structuredContent");
        JsonNode last = first.checkpoints.get(first.checkpoints.size() - 1);
        Files.writeString(dir.resolve("docs/guide.md"), "[main](main.c)\n");

        Parent replacement =
                run("workspace.inspect", input, last, last.path("sequence").asLong());
        JsonNode after = replacement.result().path("structuredContent");

        assertThat(replacement.progress).doesNotContain(ChildServer.STAGED_UNCHANGED);
        assertThat(after.path("revision").asText())
                .isNotEqualTo(before.path("revision").asText());
        assertThat(after.path("nodes").findValuesAsText("path")).doesNotContain("src/h1.h");
    }

    @Test
    void aSearchReplacementRunsAfreshWhenAFileAppearedAndPublishesTheStagedResultOtherwise() throws Exception {
        String input = "{\"query\":\"leaf\",\"include\":\"*.h\"}";
        Parent first = run("workspace.search", input, null, 0);
        String staged = first.result().toString();
        JsonNode last = first.checkpoints.get(first.checkpoints.size() - 1);

        Parent unchanged =
                run("workspace.search", input, last, last.path("sequence").asLong());
        assertThat(unchanged.result().toString()).isEqualTo(staged);
        assertThat(unchanged.progress).containsExactly(ChildServer.STAGED_UNCHANGED);

        Files.writeString(dir.resolve("src/new.h"), "// leaf\n"); // read by nothing yet, but listed
        Parent added =
                run("workspace.search", input, last, last.path("sequence").asLong());
        JsonNode result = added.result().path("structuredContent");
        assertThat(added.progress).doesNotContain(ChildServer.STAGED_UNCHANGED);
        assertThat(result.path("matches").findValuesAsText("path")).contains("src/new.h");
    }

    @Test
    void rendersAndComparesRetainedRevisions() throws Exception {
        String input = "{\"start\":[\"docs/guide.md\"],\"depth\":1}";
        JsonNode base = run("workspace.inspect", input, null, 0).result().path("structuredContent");
        String graphId = base.path("graph_id").asText();

        Parent render = run(
                "workspace.render",
                "{\"graph_id\":\"" + graphId + "\",\"revision\":\""
                        + base.path("revision").asText() + "\"}",
                null,
                0);
        JsonNode rendered = render.result();
        assertThat(rendered.path("content"))
                .extracting(c -> c.path("type").asText())
                .containsExactly("text", "resource_link", "resource_link");
        assertThat(render.saved)
                .extracting(s -> s.path("mediaType").asText())
                .containsExactly("image/svg+xml", "text/vnd.graphviz");
        String svg = new String(
                Base64.getDecoder()
                        .decode(render.saved.get(0).path("contentBase64").asText()),
                StandardCharsets.UTF_8);
        assertThat(svg).startsWith("<?xml").contains("docs/guide.md").contains("src/main.c");

        Files.writeString(dir.resolve("docs/guide.md"), "[main](main.c) [h2](/h2.h)\n");
        JsonNode diff = run(
                        "workspace.compare",
                        "{\"graph_id\":\"" + graphId + "\",\"base\":\""
                                + base.path("revision").asText() + "\",\"head\":\"current\"}",
                        null,
                        0)
                .result()
                .path("structuredContent");
        assertThat(diff.path("added_nodes")).extracting(JsonNode::asText).containsExactly("src/h2.h");
        assertThat(diff.path("removed_nodes")).extracting(JsonNode::asText).containsExactly("src/h1.h");

        JsonNode missing = run(
                        "workspace.compare",
                        "{\"graph_id\":\"" + graphId + "\",\"base\":\"sha256:" + "0".repeat(64) + "\"}",
                        null,
                        0)
                .result();
        assertThat(missing.path("isError").asBoolean()).isTrue();
        assertThat(missing.path("content").get(0).path("text").asText()).contains("is retained at revision");
    }
}
