package dev.taskgate.worker.execution;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.SmallRecordsProfile;
import dev.taskgate.worker.pool.ChildPool;

import static dev.taskgate.worker.RewriteSandboxFixture.SANDBOX;
import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitControlConsumerLive;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Events the broker refuses for their size, in real children on the real broker, with worker events limited to 3 KiB
 * ({@link SmallRecordsProfile}): a result too large ends its run {@code Failed(outcome_too_large)}, a request for
 * input too large ends it {@code Failed(input_request_too_large)} and replaces the child that waited for the answer,
 * a commit plan too large is refused to the operation as job-control refuses one (nothing applied); each time the
 * pool runs the next operation. Before, the first was sent again for ever and the others left their child waiting
 * until a stop or the deadline, each holding a child.
 */
@QuarkusTest
@TestProfile(SmallRecordsProfile.class)
class RecordSizeTest {
    // the longest message test_elicitation takes; sealed, about 4/3 of it: over the profile's 3 KiB
    private static final String LARGE = "q".repeat(2_000);

    private static KafkaTestClient kafka;

    @Inject
    DispatchRunner runner;

    @Inject
    ChildPool pool;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @BeforeEach
    void controlConsumerIsLive() {
        awaitControlConsumerLive(kafka, runner);
    }

    @Test
    void aResultTooLargeForItsRecordEndsTheRunFailed() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.echo", "{\"s\":\"" + LARGE + "\"}"));

            Failed failed = awaitEvent(events, Failed.class, id);
            assertThat(failed.code()).isEqualTo("outcome_too_large");
            assertThat(failed.message()).contains("too large to deliver").contains("3072");
            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.FINISHED);
        }
        theNextOperationRuns();
    }

    @Test
    void anInputRequestTooLargeForItsRecordEndsTheRunFailedAndReplacesItsChild() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "test_elicitation", "{\"message\":\"" + LARGE + "\"}"));
            Started started = awaitEvent(events, Started.class, id);

            Failed failed = awaitEvent(events, Failed.class, id);
            assertThat(failed.code()).isEqualTo("input_request_too_large");
            assertThat(failed.message())
                    .contains("request is too large to deliver")
                    .contains("3072");
            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.INPUT_REQUESTED, WorkerEvent.Kind.CHILD_DIED);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> ProcessHandle.of(started.childPid())
                            .map(p -> !p.isAlive())
                            .orElse(true));
        }
        theNextOperationRuns();
    }

    @Test
    void aCommitPlanTooLargeForItsRecordIsRefusedAndNothingIsApplied() throws Exception {
        UUID id = UUID.randomUUID();
        // about 200 bytes of plan per file (its path and two content hashes): 16 files are over 3 KiB sealed
        List<Path> files = new ArrayList<>();
        ArrayNode names = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < 16; i++) {
            Path file = SANDBOX.resolve(id + "-" + i + ".txt");
            Files.writeString(file, "old");
            files.add(file);
            names.add(file.getFileName().toString());
        }
        ObjectNode input =
                JsonNodeFactory.instance.objectNode().put("search", "old").put("replace", "new");
        input.set("files", names);
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.rewrite", input.toString()));

            Failed failed = awaitEvent(events, Failed.class, id);
            assertThat(failed.message())
                    .contains("commit refused: the plan is too large to send")
                    .contains("3072");
            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.COMMIT_REQUESTED, WorkerEvent.Kind.FINISHED);
        }
        for (Path file : files) {
            assertThat(file).hasContent("old");
        }
        theNextOperationRuns();
    }

    private void theNextOperationRuns() {
        await().atMost(Duration.ofSeconds(60)).until(() -> pool.readyChildren() == pool.size());
        UUID next = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(next, 1, "demo.echo", "{\"after\":\"a refusal\"}"));
            assertThat(awaitEvent(events, Finished.class, next).result()).contains("a refusal");
        }
    }
}
