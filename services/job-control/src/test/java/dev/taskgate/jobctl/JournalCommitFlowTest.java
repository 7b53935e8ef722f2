package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.contracts.journal.JournalFile;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.CommitRefused;
import dev.taskgate.contracts.work.ControlSignal;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static dev.taskgate.jobctl.StandInWorkers.newWorkerId;
import static dev.taskgate.jobctl.StandInWorkers.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The transaction journal inside job-control (issue 6 item 3): a mutating execution's plan is bound exactly once and
 * granted over the control topic; every other request is refused; an owner lost past the grant gets a reconciliation
 * run carrying the journal entry instead of "owner lost; not re-run"; a stop after the grant ends with the committed
 * outcome.
 */
@QuarkusTest
@TestProfile(LivenessTestProfile.class)
class JournalCommitFlowTest extends OwnerLossComponentTest {
    private static final JournalEntry PLAN_A = plan("a", "README.md", "docs/guide.md");
    private static final JournalEntry PLAN_B = plan("b", "README.md");

    @Test
    void aPlanIsBoundOnceAndEveryOtherRequestIsRefused() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = startedMutation(caller, owner);

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            CommitRequested first = request(id, 1, owner, PLAN_A);
            fixture.report(first);
            CommitGranted granted = awaitSignal(control, CommitGranted.class, id);
            assertThat(granted.epoch()).isEqualTo(1);
            assertThat(granted.planHash()).isEqualTo(PLAN_A.planHash());

            fixture.report(request(id, 1, owner, PLAN_B));
            assertThat(awaitSignal(control, CommitRefused.class, id).reason())
                    .isEqualTo("another plan is already bound to this execution's journal entry");
            fixture.report(request(id, 1, owner, PLAN_A));
            assertThat(awaitRefusals(control, id, 2).get(1).reason())
                    .isEqualTo("this execution's journal entry is already bound; a plan is committed only once");

            // a redelivery of the request that bound it is answered again and changes nothing
            fixture.report(first);
            await().atMost(WAIT)
                    .until(() -> signals(control, CommitGranted.class, id).size() == 2);
        }
        assertThat(boundPlanHashes(id)).containsExactly(PLAN_A.planHash());
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.WORKING);
    }

    @Test
    void theJournalEntryIsStoredSealed() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = startedMutation(caller, owner);
        fixture.report(request(id, 1, owner, PLAN_A));
        await().atMost(WAIT).until(() -> boundPlanHashes(id).size() == 1);

        byte[] stored = pool.preparedQuery("select plan from jobctl.transaction_journal where execution_id = $1")
                .execute(Tuple.of(id))
                .map(rows -> rows.iterator().next().getBuffer(0).getBytes())
                .await()
                .atMost(WAIT);
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain("docs/guide.md");
    }

    @Test
    void aCancellationBeforeTheCommitBoundaryRefusesThePlan() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = startedMutation(caller, owner);
        assertThat(((Accepted) fixture.send(cancel(caller, id))).execution().cancelRequested())
                .isTrue();

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(request(id, 1, owner, PLAN_A));
            assertThat(awaitSignal(control, CommitRefused.class, id).reason())
                    .isEqualTo("its cancellation was requested before the commit boundary");
        }
        assertThat(boundPlanHashes(id)).isEmpty();
    }

    @Test
    void aReadOnlyExecutionOrAnotherEpochNeverBinds() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID readOnly = fixture.submitNew(caller).executionId();
        fixture.report(started(readOnly, 1, owner));
        awaitStatus(caller, readOnly, ExecutionStatus.WORKING);
        UUID mutation = startedMutation(caller, owner);

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(request(readOnly, 1, owner, PLAN_A));
            assertThat(awaitSignal(control, CommitRefused.class, readOnly).reason())
                    .isEqualTo("only mutating operations commit through the transaction journal");
            fixture.report(request(mutation, 2, owner, PLAN_A));
            assertThat(awaitSignal(control, CommitRefused.class, mutation).reason())
                    .isEqualTo("epoch 2 is not the execution's current dispatch");
        }
        assertThat(boundPlanHashes(readOnly)).isEmpty();
        assertThat(boundPlanHashes(mutation)).isEmpty();
    }

    @Test
    void anOwnerLostPastTheGrantGetsAReconciliationRunWithTheJournalEvenIfCancelWasRequested() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        UUID id = startedMutation(caller, owner);
        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(request(id, 1, owner, PLAN_A));
            awaitSignal(control, CommitGranted.class, id);
        }
        // after the commit boundary a cancellation reports what actually happened
        assertThat(((Accepted) fixture.send(cancel(caller, id))).execution().cancelRequested())
                .isTrue();

        RunOperation reconciliation;
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            reconciliation = work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
        }
        assertThat(reconciliation.epoch()).isEqualTo(2);
        assertThat(reconciliation.journal()).isEqualTo(PLAN_A);
        assertThat(reconciliation.workspace())
                .as("the reconciliation run keeps the workspace")
                .isEqualTo(caller.workspace());
        ExecutionSnapshot queued = awaitStatus(caller, id, ExecutionStatus.QUEUED);
        assertThat(queued.statusMessage())
                .startsWith("Reconstructing the outcome from the transaction journal "
                        + "after owner loss (worker instance " + owner)
                .endsWith("; attempt 2 checks the files, the rewrite " + "is not applied again.");

        String reconciler = newWorkerId();
        workers.heartbeat(reconciler);
        fixture.report(started(id, 2, reconciler));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        String committed = "{\"content\":[{\"type\":\"text\",\"text\":\"committed\"}],\"isError\":false}";
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 2, reconciler, committed));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(committed);
    }

    @Test
    void aStopArrivingAfterTheGrantEndsWithTheCommittedOutcome() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        UUID id = startedMutation(caller, owner);
        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(request(id, 1, owner, PLAN_A));
            awaitSignal(control, CommitGranted.class, id);

            assertThat(((Accepted) fixture.send(cancel(caller, id))).execution().cancelRequested())
                    .isTrue();
            assertThat(awaitSignal(control, StopRequested.class, id).epoch()).isEqualTo(1);
        }

        // the worker is past its commit boundary: it applies the plan and reports what it did
        String committed = "{\"content\":[{\"type\":\"text\",\"text\":\"rewrote 1 files\"}],\"isError\":false}";
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, owner, committed));
        ExecutionSnapshot done = awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        assertThat(done.cancelRequested()).isTrue();
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(committed);
        assertThat(boundPlanHashes(id)).containsExactly(PLAN_A.planHash());
    }

    @Test
    void aCancellationWhileQueuedForReconciliationIsRecordedButNeverSkipsTheReconciliation() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        UUID id = startedMutation(caller, owner);
        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(request(id, 1, owner, PLAN_A));
            awaitSignal(control, CommitGranted.class, id);
        }
        clock.advance(PAST_TIMEOUT);
        awaitStatus(caller, id, ExecutionStatus.QUEUED);

        Accepted reply = (Accepted) fixture.send(cancel(caller, id));

        assertThat(reply.execution().status())
                .as("not cancelled before the files were checked")
                .isEqualTo(ExecutionStatus.QUEUED);
        assertThat(reply.execution().cancelRequested()).isTrue();
    }

    @Test
    void aMutationLostBeforeItsCommitFailsExplicitlyAndIsNotRunAgain() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        UUID id = startedMutation(caller, owner);

        clock.advance(PAST_TIMEOUT);

        awaitStatus(caller, id, ExecutionStatus.FAILED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).error().code()).isEqualTo("owner-lost");
    }

    private UUID startedMutation(Caller caller, String owner) {
        Accepted accepted = (Accepted)
                fixture.send(submit(caller, "key-" + UUID.randomUUID(), TestOperations.MUTATION, "{\"x\":1}"));
        UUID id = accepted.executionId();
        fixture.report(started(id, 1, owner));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        return id;
    }

    static JournalEntry plan(String seed, String... paths) {
        List<JournalFile> files = java.util.Arrays.stream(paths)
                .map(p -> new JournalFile(p, hash(seed + "-pre-" + p), hash(seed + "-post-" + p)))
                .toList();
        return new JournalEntry(hash(seed), "replace in " + paths.length + " files", files);
    }

    private static String hash(String seed) {
        try {
            byte[] digest =
                    java.security.MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + java.util.HexFormat.of().formatHex(digest);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Cancelling a mutating execution needs {@code tools:write}. */
    private static CancelExecution cancel(Caller caller, UUID id) {
        return JobControlFixture.cancel(caller, id);
    }

    static CommitRequested request(UUID id, long epoch, String owner, JournalEntry plan) {
        return new CommitRequested(UUID.randomUUID(), Instant.now(), id, epoch, owner, plan);
    }

    static <T extends ControlSignal> T awaitSignal(TopicWatcher control, Class<T> type, UUID id) {
        return type.cast(control.await(
                ControlSignal.class, s -> type.isInstance(s) && s.executionId().equals(id), WAIT));
    }

    private static <T extends ControlSignal> List<T> signals(TopicWatcher control, Class<T> type, UUID id) {
        return control.drain(Duration.ofMillis(200)).stream()
                .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), ControlSignal.class))
                .filter(s -> type.isInstance(s) && s.executionId().equals(id))
                .map(type::cast)
                .toList();
    }

    private static List<CommitRefused> awaitRefusals(TopicWatcher control, UUID id, int count) {
        return await().atMost(WAIT).until(() -> signals(control, CommitRefused.class, id), l -> l.size() >= count);
    }

    private List<String> boundPlanHashes(UUID id) {
        return pool.preparedQuery("select plan_hash from jobctl.transaction_journal where execution_id = $1")
                .execute(Tuple.of(id))
                .map(rows -> {
                    List<String> hashes = new java.util.ArrayList<>();
                    rows.forEach(r -> hashes.add(r.getString(0)));
                    return hashes;
                })
                .await()
                .atMost(WAIT);
    }
}
