package dev.taskgate.jobctl;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.ControlSignal;
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
 * The same dispatch running twice under one epoch (Kafka reassigned the work partition before the first instance
 * committed its offset; found by ChaosE2E): the first {@code Started} records the owner, the duplicate gets a stop
 * addressed to it alone, and nothing it reports — result, failure, child death, commit request, progress — decides
 * the execution. A commit grant names the owner, so a duplicate waiting on the same plan never applies it.
 */
@QuarkusTest
@TestProfile(LivenessTestProfile.class)
class DuplicateRunFencingTest extends OwnerLossComponentTest {
    private static final String OWNERS = "{\"content\":[{\"type\":\"text\",\"text\":\"owner\"}],\"isError\":false}";

    @Test
    void aDuplicateRunIsStoppedAloneAndNothingItReportsDecidesTheExecution() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);
        String duplicate = newWorkerId();
        workers.heartbeat(duplicate);

        StopRequested stop = stopAnsweringStartedOfEpochOne(id, duplicate);
        assertThat(stop.workerId()).as("addressed to the duplicate only").isEqualTo(duplicate);
        assertThat(stop.isFor(owner)).isFalse();

        fixture.report(new Progress(UUID.randomUUID(), Instant.now(), id, 1, duplicate, 1, null, "duplicate"));
        fixture.report(new ChildDied(UUID.randomUUID(), Instant.now(), id, 1, duplicate, 4243L, 137));
        fixture.report(new Failed(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                duplicate,
                "operation_failed",
                "commit refused: another plan is already bound; nothing was changed"));
        fixture.report(
                new Finished(UUID.randomUUID(), Instant.now(), id, 1, duplicate, "{\"content\":[],\"isError\":false}"));
        // same key, same partition: once the owner's progress shows, every duplicate report before it was handled
        fixture.report(new Progress(UUID.randomUUID(), Instant.now(), id, 1, owner, 1, null, "owner's"));
        await().atMost(WAIT)
                .until(() ->
                        "owner's".equals(JobControlFixture.snapshot(caller, id).statusMessage()));
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.WORKING);

        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, owner, OWNERS));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(OWNERS);
    }

    /**
     * A dispatch redelivered to a restarted worker after its execution ended under the same epoch (demo.staged,
     * completed from its staged result when the owner was lost): the run is stopped, or it would hold a child for
     * as long as the operation takes. The outcome stays the owner's.
     */
    @Test
    void aDuplicateRunOfAnEndedExecutionIsStoppedToo() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, owner, OWNERS));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        String restarted = newWorkerId();
        workers.heartbeat(restarted);

        StopRequested stop = stopAnsweringStartedOfEpochOne(id, restarted);
        assertThat(stop.workerId()).isEqualTo(restarted);
        assertThat(stop.reason()).contains("already ended completed");
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(OWNERS);
    }

    /** Reports a {@code Started} of epoch 1 from {@code workerId} and returns the stop job-control answers with. */
    private StopRequested stopAnsweringStartedOfEpochOne(UUID id, String workerId) {
        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(started(id, 1, workerId));
            StopRequested stop = (StopRequested) control.await(
                    ControlSignal.class,
                    s -> s instanceof StopRequested && s.executionId().equals(id),
                    WAIT);
            assertThat(stop.epoch()).isEqualTo(1);
            return stop;
        }
    }

    @Test
    void aCommitGrantNamesTheOwnerAndADuplicatesRequestBindsNothing() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        UUID id = ((Accepted)
                        fixture.send(submit(caller, "key-" + UUID.randomUUID(), TestOperations.MUTATION, "{\"x\":1}")))
                .executionId();
        fixture.report(started(id, 1, owner));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        String duplicate = newWorkerId();
        JournalEntry plan = JournalCommitFlowTest.plan("dup", "README.md");

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(started(id, 1, duplicate));
            fixture.report(new CommitRequested(UUID.randomUUID(), Instant.now(), id, 1, duplicate, plan));
            fixture.report(new CommitRequested(UUID.randomUUID(), Instant.now(), id, 1, owner, plan));

            CommitGranted granted = (CommitGranted) control.await(
                    ControlSignal.class,
                    s -> s instanceof CommitGranted && s.executionId().equals(id),
                    WAIT);
            assertThat(granted.workerId()).isEqualTo(owner);
            assertThat(granted.isFor(duplicate)).isFalse();
            List<ControlSignal> rest = control.drain(Duration.ofSeconds(1)).stream()
                    .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), ControlSignal.class))
                    .filter(s -> s.executionId().equals(id) && s instanceof CommitGranted)
                    .filter(s -> !s.messageId().equals(granted.messageId()))
                    .toList();
            assertThat(rest).as("the duplicate's request was never granted").isEmpty();
        }
    }
}
