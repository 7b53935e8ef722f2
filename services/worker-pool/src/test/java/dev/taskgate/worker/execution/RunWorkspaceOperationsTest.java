package dev.taskgate.worker.execution;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.ResultStaged;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.WorkspaceFixture;
import dev.taskgate.worker.child.journal.ContentHash;

import static dev.taskgate.worker.WorkerTestRecords.CONTROL;
import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitControlConsumerLive;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.json;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static dev.taskgate.worker.WorkspaceFixture.DOCS;
import static dev.taskgate.worker.WorkspaceFixture.SRC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * workspace.search and workspace.rewrite in real children over a registered workspace: the parent hands the child the
 * workspace of the dispatch, refuses an unregistered one before anything runs, and the rewrite goes through the
 * journal (nothing before the grant; a reconciliation run reconstructs without applying).
 */
@QuarkusTest
class RunWorkspaceOperationsTest {
    private static KafkaTestClient kafka;

    @Inject
    DispatchRunner runner;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @BeforeEach
    void controlConsumerLive() {
        awaitControlConsumerLive(kafka, runner);
    }

    @Test
    void searchRunsOverTheRegisteredWorkspaceAndStagesItsResultFirst() throws Exception {
        UUID id = UUID.randomUUID();
        write(SRC.resolve(id + "/a.c"), "int needle_" + tag(id) + " = 1;\n");
        write(DOCS.resolve(id + "/b.md"), "no\nthe needle_" + tag(id) + " here\n");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(
                    kafka,
                    dispatch(id, "workspace.search", "{\"query\":\"needle_" + tag(id) + "\"}", WorkspaceFixture.ID));

            Finished finished = awaitEvent(events, Finished.class, id);
            JsonNode structured = json(finished.result()).get("structuredContent");
            assertThat(structured.get("matches").toString())
                    .isEqualTo("[{\"path\":\"docs/" + id + "/b.md\",\"line\":2,"
                            + "\"column\":5,\"text\":\"the needle_" + tag(id) + " here\"},{\"path\":\"src/" + id
                            + "/a.c\","
                            + "\"line\":1,\"column\":5,\"text\":\"int needle_" + tag(id) + " = 1;\"}]");
            assertThat(structured.get("revision").asText()).startsWith("sha256:");
            assertThat(eventsFor(events, id, Duration.ZERO))
                    .extracting(WorkerEvent::kind)
                    .containsSubsequence(WorkerEvent.Kind.RESULT_STAGED, WorkerEvent.Kind.FINISHED);
            assertThat(awaitEvent(events, ResultStaged.class, id).result()).isEqualTo(finished.result());
        }
    }

    @Test
    void anUnregisteredWorkspaceFailsAtOnceAndNothingRuns() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, dispatch(id, "workspace.search", "{\"query\":\"x\"}", "acme/other"));

            Failed failed = awaitEvent(events, Failed.class, id);
            assertThat(failed.code()).isEqualTo("workspace_not_registered");
            assertThat(failed.message())
                    .isEqualTo(
                            "workspace acme/other is not registered on this worker; nothing " + "was read or changed");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.FAILED);
        }
    }

    @Test
    void aDispatchWithoutAWorkspaceFailsAtOnceForAWorkspaceOperation() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, dispatch(id, "workspace.rewrite", "{\"search\":\"a\",\"replace\":\"b\"}", null));

            Failed failed = awaitEvent(events, Failed.class, id);
            assertThat(failed.code()).isEqualTo("workspace_not_registered");
            assertThat(failed.message())
                    .isEqualTo("workspace.rewrite needs a workspace and the dispatch names none; "
                            + "nothing was read or changed");
        }
    }

    @Test
    void aBadRegexIsAToolErrorFromTheChild() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, dispatch(id, "workspace.search", "{\"query\":\"(x\",\"mode\":\"regex\"}", WorkspaceFixture.ID));

            JsonNode result = json(awaitEvent(events, Finished.class, id).result());
            assertThat(result.path("isError").asBoolean()).isTrue();
            assertThat(result.at("/content/0/text").asText()).startsWith("invalid regex: Unclosed group");
        }
    }

    @Test
    void rewriteAppliesOnlyAfterTheGrantAndAReconciliationRunDoesNotApplyAgain() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = write(SRC.resolve(id + "/main.c"), "return old_" + tag(id) + ";\n");
        String path = "src/" + id + "/main.c";
        String input = "{\"edits\":[{\"path\":\"" + path + "\",\"old_text\":\"old_" + tag(id) + "\",\"new_text\":"
                + "\"new_" + tag(id) + "\"}]}";
        CommitRequested request;
        String committed;
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, dispatch(id, "workspace.rewrite", input, WorkspaceFixture.ID));
            request = awaitEvent(events, CommitRequested.class, id);
            assertThat(request.plan().files()).singleElement().satisfies(f -> {
                assertThat(f.path()).isEqualTo(path);
                assertThat(f.preImageHash()).isEqualTo(ContentHash.of("return old_" + tag(id) + ";\n"));
            });
            assertThat(file).as("nothing is touched before the grant").hasContent("return old_" + tag(id) + ";\n");

            kafka.send(
                    CONTROL,
                    id.toString(),
                    new CommitGranted(
                            UUID.randomUUID(),
                            Instant.now(),
                            id,
                            1,
                            request.plan().planHash()));

            committed = awaitEvent(events, Finished.class, id).result();
            assertThat(json(committed).at("/structuredContent/plan_hash").asText())
                    .isEqualTo(request.plan().planHash());
            assertThat(file).hasContent("return new_" + tag(id) + ";\n");
        }

        try (TopicWatcher events = kafka.watch(EVENTS)) {
            RunOperation first = dispatch(id, "workspace.rewrite", input, WorkspaceFixture.ID);
            send(
                    kafka,
                    new RunOperation(
                            UUID.randomUUID(),
                            Instant.now(),
                            id,
                            2,
                            2,
                            first.operation(),
                            "1",
                            first.input(),
                            first.deadline(),
                            request.plan(),
                            null,
                            WorkspaceFixture.ID));

            assertThat(awaitEvent(events, Finished.class, id).result())
                    .as("the very result of the applied run")
                    .isEqualTo(committed);
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.COMMIT_REQUESTED);
            assertThat(file).hasContent("return new_" + tag(id) + ";\n");
        }
    }

    @Test
    void aBlockedRewriteNeverAsksToCommit() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = write(SRC.resolve(id + "/twice.c"), "x x\n");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(
                    kafka,
                    dispatch(
                            id,
                            "workspace.rewrite",
                            "{\"edits\":[{\"path\":\"src/" + id + "/twice.c\","
                                    + "\"old_text\":\"x\",\"new_text\":\"y\"}]}",
                            WorkspaceFixture.ID));

            JsonNode result = json(awaitEvent(events, Finished.class, id).result());
            assertThat(result.path("isError").asBoolean()).isTrue();
            assertThat(result.at("/content/0/text").asText()).contains("old_text occurs 2 times");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.COMMIT_REQUESTED);
            assertThat(file).hasContent("x x\n");
        }
    }

    private static RunOperation dispatch(UUID id, String operation, String input, String workspace) {
        return new RunOperation(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                1,
                operation,
                "1",
                json(input),
                Instant.now().plus(Duration.ofHours(1)),
                null,
                null,
                workspace);
    }

    private static String tag(UUID id) {
        return id.toString().replace("-", "");
    }

    private static Path write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
