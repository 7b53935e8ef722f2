package dev.taskgate.worker.execution;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.checkpoint.FrontierCheckpoint;
import dev.taskgate.contracts.checkpoint.FrontierMac;
import dev.taskgate.contracts.event.ArtifactSaved;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.WorkspaceFixture;
import dev.taskgate.worker.child.ops.workspace.WorkspaceGraphSource;
import dev.taskgate.worker.child.ops.workspace.graph.GraphQuery;
import dev.taskgate.worker.child.ops.workspace.graph.GraphTraversal;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;
import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.json;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static dev.taskgate.worker.WorkspaceFixture.SRC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * workspace.inspect dispatched through Kafka to a real child over the registered workspace: the graph is retained as
 * an artifact and the result staged; a replacement carrying an authenticated frontier continues from it (numbering
 * its checkpoints on) and returns the undisturbed result; after an edit of a file the frontier read, it starts afresh.
 */
@QuarkusTest
class RunInspectResumeTest {
    private static KafkaTestClient kafka;

    @ConfigProperty(name = "taskgate.checkpoint.key")
    String checkpointKey;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    /** 41 files to read (main.c and 40 headers): one frontier after 25. */
    private static String fixture(UUID id) throws Exception {
        StringBuilder main = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            main.append("#include \"h").append(i).append(".h\"\n");
            write(SRC.resolve(id + "/h" + i + ".h"), "// header " + i + "\n");
        }
        write(SRC.resolve(id + "/main.c"), main.toString());
        return "{\"start\":[\"src/" + id + "/main.c\"],\"depth\":2}";
    }

    /**
     * The first frontier a traversal from {@code src/<dir>/main.c} saves, computed in process over the same files and
     * authenticated for execution {@code id}.
     */
    private static FrontierCheckpoint firstFrontier(UUID id, UUID dir, String key) throws Exception {
        Workspace workspace = new Workspace(
                WorkspaceFixture.ID,
                List.of(new WorkspaceRoot("src", SRC), new WorkspaceRoot("docs", WorkspaceFixture.DOCS)),
                Workspace.compile(WorkspaceFixture.ID, Workspace.DEFAULT_REFERENCE_PATTERNS),
                65536);
        WorkspaceGraphSource source = new WorkspaceGraphSource(workspace);
        GraphQuery query = new GraphQuery(
                workspace.id(), new TreeSet<>(List.of("src/" + dir + "/main.c")), 2, source.referencePatterns());
        List<String[]> saved = new ArrayList<>();
        new GraphTraversal(
                        query, source.roots(), source.files(), source::read, source::revision, TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new GraphTraversal.Listener() {
                    @Override
                    public boolean isStopRequested() {
                        return false;
                    }

                    @Override
                    public void checkpoint(String revision, String frontier) {
                        saved.add(new String[] {revision, frontier});
                    }

                    @Override
                    public void progress(int filesRead, int nodesDiscovered, boolean resumed) {}
                });
        assertThat(saved).hasSize(1);
        return new FrontierCheckpoint(
                5,
                saved.get(0)[0],
                saved.get(0)[1],
                FrontierMac.fromBase64(key).mac(id, 5, saved.get(0)[0], saved.get(0)[1]));
    }

    @Test
    void aReplacementContinuesFromTheFrontierAndReturnsTheUndisturbedResult() throws Exception {
        UUID dir = UUID.randomUUID();
        String input = fixture(dir);
        List<WorkerEvent> plain = runAndCollect(run(UUID.randomUUID(), input, null));
        assertThat(plain).filteredOn(ArtifactSaved.class::isInstance).hasSize(1);
        // one frontier at 25 files, then the final one the staged result is bound to
        assertThat(plain).filteredOn(CheckpointSaved.class::isInstance).hasSize(2);

        UUID replacement = UUID.randomUUID();
        List<WorkerEvent> resumed =
                runAndCollect(run(replacement, input, firstFrontier(replacement, dir, checkpointKey)));

        assertThat(finished(resumed).result()).isEqualTo(finished(plain).result());
        assertThat(resumed)
                .filteredOn(Progress.class::isInstance)
                .map(e -> ((Progress) e).message())
                .first()
                .asString()
                .startsWith("resumed from a frontier: 25 files read");
        // 16 files left: no traversal frontier, only the staged result's final one
        assertThat(resumed).filteredOn(CheckpointSaved.class::isInstance).hasSize(1);
    }

    @Test
    void aReplacementStartsAfreshAfterAFileTheFrontierReadChanged() throws Exception {
        UUID id = UUID.randomUUID();
        String input = fixture(id);
        FrontierCheckpoint frontier = firstFrontier(id, id, checkpointKey);
        write(SRC.resolve(id + "/main.c"), "#include \"h1.h\"\n");

        List<WorkerEvent> events = runAndCollect(run(id, input, frontier));

        JsonNode content = json(finished(events).result()).get("structuredContent");
        assertThat(content.at("/coverage/nodes_discovered").asInt()).isEqualTo(2);
        assertThat(events)
                .filteredOn(Progress.class::isInstance)
                .map(e -> ((Progress) e).message())
                .first()
                .asString()
                .startsWith("0 files read");
    }

    private static RunOperation run(UUID id, String input, FrontierCheckpoint checkpoint) {
        return new RunOperation(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                2,
                "workspace.inspect",
                "1",
                json(input),
                Instant.now().plus(Duration.ofHours(1)),
                null,
                checkpoint,
                WorkspaceFixture.ID);
    }

    private static List<WorkerEvent> runAndCollect(RunOperation run) {
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run);
            awaitEvent(events, Finished.class, run.executionId());
            return eventsFor(events, run.executionId(), Duration.ofMillis(300));
        }
    }

    private static Finished finished(List<WorkerEvent> events) {
        return events.stream()
                .filter(Finished.class::isInstance)
                .map(Finished.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
