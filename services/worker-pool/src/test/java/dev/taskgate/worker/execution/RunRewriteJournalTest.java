package dev.taskgate.worker.execution;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.contracts.journal.JournalFile;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.CommitRefused;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.child.journal.ContentHash;

import static dev.taskgate.worker.RewriteSandboxFixture.SANDBOX;
import static dev.taskgate.worker.WorkerTestRecords.CONTROL;
import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitControlConsumerLive;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.json;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static dev.taskgate.worker.WorkerTestRecords.stop;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * demo.rewrite in a real child against real files: nothing is touched before job-control's {@code CommitGranted},
 * a refusal or a stop before it changes nothing, a stop after it reports the committed outcome, and a reconciliation
 * run reconstructs the outcome from the journal without applying anything.
 */
@QuarkusTest
class RunRewriteJournalTest {
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
    void aGrantedPlanIsAppliedOnceAfterTheGrant() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = file(id, "one old two old");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, rewrite(id, 1));
            CommitRequested request = awaitEvent(events, CommitRequested.class, id);
            JournalFile journaled = request.plan().files().get(0);
            assertThat(journaled.path()).isEqualTo(file.getFileName().toString());
            assertThat(journaled.preImageHash()).isEqualTo(ContentHash.of("one old two old"));
            assertThat(journaled.postImageHash()).isEqualTo(ContentHash.of("one new two new"));
            assertThat(file).as("nothing is touched before the grant").hasContent("one old two old");

            kafka.send(
                    CONTROL,
                    id.toString(),
                    new CommitGranted(
                            UUID.randomUUID(),
                            Instant.now(),
                            id,
                            1,
                            request.plan().planHash()));

            Finished finished = awaitEvent(events, Finished.class, id);
            assertThat(finished.result())
                    .contains("rewrote 1 files (plan " + request.plan().planHash() + ")");
            assertThat(file).hasContent("one new two new");
        }
    }

    @Test
    void aGrantOrStopAddressedToAnotherInstanceIsADuplicateRunsAndChangesNothingHere() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = file(id, "old");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, rewrite(id, 1));
            CommitRequested request = awaitEvent(events, CommitRequested.class, id);
            String planHash = request.plan().planHash();
            kafka.send(
                    CONTROL,
                    id.toString(),
                    new StopRequested(UUID.randomUUID(), Instant.now(), id, 1, "duplicate run", "worker-elsewhere"));
            kafka.send(
                    CONTROL,
                    id.toString(),
                    new CommitGranted(UUID.randomUUID(), Instant.now(), id, 1, planHash, "worker-elsewhere"));
            assertThat(eventsFor(events, id, Duration.ofSeconds(3)))
                    .as("neither stopped nor applied here")
                    .noneMatch(e -> e instanceof Stopped || e instanceof Finished || e instanceof Failed);
            assertThat(file).hasContent("old");

            kafka.send(
                    CONTROL,
                    id.toString(),
                    new CommitGranted(UUID.randomUUID(), Instant.now(), id, 1, planHash, request.workerId()));

            assertThat(awaitEvent(events, Finished.class, id).result()).contains("rewrote 1 files");
            assertThat(file).hasContent("new");
        }
    }

    @Test
    void aRefusedPlanEndsFailedAndChangesNothing() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = file(id, "old");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, rewrite(id, 1));
            CommitRequested request = awaitEvent(events, CommitRequested.class, id);
            kafka.send(
                    CONTROL,
                    id.toString(),
                    new CommitRefused(
                            UUID.randomUUID(),
                            Instant.now(),
                            id,
                            1,
                            request.plan().planHash(),
                            "another plan is already bound to this execution's journal entry"));

            Failed failed = awaitEvent(events, Failed.class, id);
            assertThat(failed.message()).contains("commit refused: another plan is already bound");
            assertThat(file).hasContent("old");
        }
    }

    @Test
    void aStopBeforeTheGrantEndsStoppedAndChangesNothing() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = file(id, "old");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, rewrite(id, 1));
            awaitEvent(events, CommitRequested.class, id);
            stop(kafka, id, 1);

            assertThat(awaitEvent(events, Stopped.class, id).message()).contains("before the commit boundary");
            assertThat(file).hasContent("old");
        }
    }

    @Test
    void aStopAfterTheGrantReportsTheCommittedOutcome() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = file(id, "one old");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, rewrite(id, 1));
            CommitRequested request = awaitEvent(events, CommitRequested.class, id);
            // one partition per execution: the stop reaches the worker after the grant
            kafka.send(
                    CONTROL,
                    id.toString(),
                    new CommitGranted(
                            UUID.randomUUID(),
                            Instant.now(),
                            id,
                            1,
                            request.plan().planHash()));
            stop(kafka, id, 1);

            Finished finished = awaitEvent(events, Finished.class, id);
            assertThat(finished.result())
                    .contains("rewrote 1 files (plan " + request.plan().planHash() + ")");
            assertThat(file).hasContent("one new");
            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .as("past the commit boundary the stop changes nothing")
                    .noneMatch(e -> e instanceof Stopped || e instanceof Failed);
        }
    }

    @Test
    void aReconciliationRunReconstructsTheCommittedOutcomeWithoutApplyingAgain() throws Exception {
        UUID id = UUID.randomUUID();
        // the lost owner had applied the plan: "old" → "new"; applying it again would find nothing to replace
        Path file = file(id, "new");
        String name = file.getFileName().toString();
        JournalEntry journal = new JournalEntry(
                ContentHash.of("plan-" + id),
                "replace a literal in 1 of 1 files",
                List.of(new JournalFile(name, ContentHash.of("old"), ContentHash.of("new"))));
        RunOperation plain = rewrite(id, 2);
        RunOperation reconciliation = new RunOperation(
                UUID.randomUUID(),
                Instant.now(),
                id,
                2,
                2,
                plain.operation(),
                "1",
                plain.input(),
                plain.deadline(),
                journal);
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, reconciliation);

            Finished finished = awaitEvent(events, Finished.class, id);
            assertThat(finished.result())
                    .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"rewrote 1 files (plan " + journal.planHash()
                            + "): " + name + "\"}],\"isError\":false}");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.COMMIT_REQUESTED);
            assertThat(file).hasContent("new");
        }
    }

    @Test
    void aStopNeverPreventsAReconciliationRunFromReportingWhatTheFilesShow() throws Exception {
        UUID id = UUID.randomUUID();
        Path file = file(id, "new");
        String name = file.getFileName().toString();
        JournalEntry journal = new JournalEntry(
                ContentHash.of("plan-" + id),
                "replace a literal in 1 of 1 files",
                List.of(new JournalFile(name, ContentHash.of("old"), ContentHash.of("new"))));
        RunOperation plain = rewrite(id, 2);
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            stop(kafka, id, 2);
            send(
                    kafka,
                    new RunOperation(
                            UUID.randomUUID(),
                            Instant.now(),
                            id,
                            2,
                            2,
                            plain.operation(),
                            "1",
                            plain.input(),
                            plain.deadline(),
                            journal));
            stop(kafka, id, 2);

            assertThat(awaitEvent(events, Finished.class, id).result()).contains("rewrote 1 files");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.STOPPED);
        }
    }

    private static RunOperation rewrite(UUID id, long epoch) {
        return run(
                id,
                epoch,
                "demo.rewrite",
                json("{\"files\":[\"" + id + ".txt\"],\"search\":\"old\"," + "\"replace\":\"new\"}")
                        .toString());
    }

    private static Path file(UUID id, String content) throws Exception {
        Path file = SANDBOX.resolve(id + ".txt");
        Files.writeString(file, content);
        return file;
    }
}
