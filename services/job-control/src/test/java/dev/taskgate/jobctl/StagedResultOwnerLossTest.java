package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.ResultStaged;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static dev.taskgate.jobctl.StandInWorkers.newWorkerId;
import static dev.taskgate.jobctl.StandInWorkers.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The result checkpoint inside job-control (issue 6 item 2): {@code ResultStaged} is stored sealed for the current
 * epoch only, and owner-loss settlement completes the execution with exactly the staged bytes instead of
 * dispatching a replacement.
 */
@QuarkusTest
@TestProfile(LivenessTestProfile.class)
class StagedResultOwnerLossTest extends OwnerLossComponentTest {
    private static final String EXACT = "{\"content\":[{\"type\":\"text\",\"text\":\"run 7 ü\"}], \"isError\":false}";

    @Test
    void aLostOwnersStagedResultCompletesTheExecutionWithTheExactBytesAndNothingRunsAgain() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);
        fixture.report(staged(id, 1, owner, EXACT));
        // a redelivery or a second staging of the same epoch never replaces the first
        fixture.report(staged(id, 1, owner, "{\"content\":[],\"isError\":false}"));
        awaitCheckpoints(id, 1);

        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            ExecutionSnapshot completed = awaitStatus(caller, id, ExecutionStatus.COMPLETED);
            assertThat(completed.statusMessage())
                    .isEqualTo("Completed with the result staged before its owner was "
                            + "lost (worker instance " + owner + " stopped heartbeating (last heard from at "
                            + workers.lastSeen(owner) + ")); not re-run.");
            assertThat(work.drain(Duration.ofSeconds(1)).stream()
                            .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), RunOperation.class))
                            .filter(r -> r.executionId().equals(id)))
                    .as("no replacement is dispatched")
                    .isEmpty();
        }
        ExecutionOutcome outcome = WorkerReportFlowTest.outcome(caller, id);
        assertThat(outcome.result()).isEqualTo(EXACT);
        assertThat(outcome.error()).isNull();
    }

    @Test
    void theStagedResultIsStoredSealedUnderTheExecution() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);
        fixture.report(staged(id, 1, owner, EXACT));
        awaitCheckpoints(id, 1);

        byte[] stored = pool.preparedQuery("select result from jobctl.result_checkpoint where execution_id = $1")
                .execute(Tuple.of(id))
                .map(rows -> rows.iterator().next().getBuffer(0).getBytes())
                .await()
                .atMost(WAIT);
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain("run 7");
        assertThat(stored[0]).as("PayloadCipher format version").isEqualTo((byte) 1);
    }

    @Test
    void aResultStagedBeforeStartOrUnderAnotherEpochIsNotStored() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        fixture.report(staged(id, 1, owner, EXACT));
        fixture.report(started(id, 1, owner));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        fixture.report(staged(id, 2, owner, EXACT));
        // same key, same partition: once the progress shows, both stale stagings were handled before it
        fixture.report(new Progress(UUID.randomUUID(), Instant.now(), id, 1, owner, 1, null, "sync"));
        await().atMost(WAIT)
                .until(() ->
                        "sync".equals(JobControlFixture.snapshot(caller, id).statusMessage()));
        assertThat(checkpoints(id))
                .as("queued (before Started) and another epoch stage nothing")
                .isZero();

        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, owner, EXACT));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(EXACT);
    }

    @Test
    void aCancellationRequestedBeforeTheLossWinsOverTheStagedResultOfAReadOnlyExecution() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);
        fixture.report(staged(id, 1, owner, EXACT));
        awaitCheckpoints(id, 1);
        assertThat(((Accepted) fixture.send(JobControlFixture.cancel(caller, id)))
                        .execution()
                        .cancelRequested())
                .isTrue();

        clock.advance(PAST_TIMEOUT);

        awaitStatus(caller, id, ExecutionStatus.CANCELLED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isNull();
    }

    @Test
    void theStagedResultOfAWorkspaceSearchGoesToAReplacementWithItsFinalFrontierNeverStraightToTheCaller() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = ((Accepted) fixture.send(JobControlFixture.submit(
                        caller, "key-" + UUID.randomUUID(), "workspace.search", "{\"query\":\"x\"}")))
                .executionId();
        workers.heartbeat(owner);
        fixture.report(started(id, 1, owner));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        String frontier = "{\"staged\":\"result\",\"listing\":\"sha256:l\",\"sources\":{}}";
        fixture.report(new CheckpointSaved(UUID.randomUUID(), Instant.now(), id, 1, owner, 1, "sha256:r", frontier));
        fixture.report(staged(id, 1, owner, EXACT));
        awaitCheckpoints(id, 1);

        RunOperation replacement;
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            replacement = work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
        }
        assertThat(replacement.epoch()).isEqualTo(2);
        assertThat(replacement.checkpoint().frontier()).isEqualTo(frontier);
        assertThat(replacement.checkpoint().revision()).isEqualTo("sha256:r");
        assertThat(awaitStatus(caller, id, ExecutionStatus.QUEUED).statusMessage())
                .endsWith("; attempt 2 publishes the result staged before the loss if the workspace files it read "
                        + "are unchanged, else starts from checkpoint 1.");
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isNull();
    }

    private static ResultStaged staged(UUID executionId, long epoch, String workerId, String result) {
        return new ResultStaged(UUID.randomUUID(), Instant.now(), executionId, epoch, workerId, result);
    }

    private long checkpoints(UUID id) {
        return JobControlFixture.count(
                pool, "select count(*) from jobctl.result_checkpoint where execution_id = $1", id);
    }

    private void awaitCheckpoints(UUID id, long expected) {
        await().atMost(WAIT).until(() -> checkpoints(id) == expected);
    }
}
