package dev.taskgate.jobctl;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.contracts.event.WorkerHeartbeat.HeldExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorRecovery;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.liveness.OwnerLossSweeper;
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
import static org.assertj.core.api.Assertions.tuple;

/**
 * Worker liveness end to end inside job-control: heartbeats on the real topic, {@code Started} reports naming the
 * owner, the clock moved past the heartbeat timeout, and the owner-loss sweeper settling each execution (issue 6).
 */
@QuarkusTest
@TestProfile(LivenessTestProfile.class)
class OwnerLossSweepTest extends OwnerLossComponentTest {
    @Inject
    OwnerLossSweeper sweeper;

    @Inject
    ExecutionHandles handles;

    @Inject
    MeterRegistry registry;

    @Test
    void aSilentWorkersReadOnlyExecutionIsReplacedOnceAndFailsExplicitlyWhenItsOwnerIsLostAgain() {
        Caller caller = newCaller();
        String first = newWorkerId();
        double replacedBefore = recoveries("replaced");
        double failedBefore = recoveries("failed");
        UUID id = workers.submitAndStart(caller, first);

        RunOperation replacement;
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK));
                TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            clock.advance(PAST_TIMEOUT);
            replacement = work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
            StopRequested stop =
                    control.await(StopRequested.class, s -> s.executionId().equals(id), WAIT);
            assertThat(stop.epoch())
                    .as("the lost epoch is told to stop, should its owner still run")
                    .isEqualTo(1);
        }
        assertThat(replacement.epoch()).isEqualTo(2);
        assertThat(replacement.attempt()).isEqualTo(2);
        assertThat(replacement.operation()).isEqualTo("demo.echo");
        assertThat(replacement.input()).isEqualTo(JobControlFixture.json("{\"a\":1}"));
        assertThat(replacement.workspace())
                .as("the replacement keeps the workspace")
                .isEqualTo(caller.workspace());
        ExecutionSnapshot queued = awaitStatus(caller, id, ExecutionStatus.QUEUED);
        assertThat(queued.statusMessage())
                .startsWith("Replaced after owner loss (worker instance " + first
                        + " stopped heartbeating (last heard from at ")
                .endsWith("); attempt 2 starts from the beginning.");

        String second = newWorkerId();
        workers.heartbeat(second);
        fixture.report(started(id, 2, second));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        clock.advance(PAST_TIMEOUT);

        awaitStatus(caller, id, ExecutionStatus.FAILED);
        ExecutionOutcome outcome = WorkerReportFlowTest.outcome(caller, id);
        assertThat(outcome.error().code()).isEqualTo("owner-lost");
        assertThat(outcome.error().message())
                .startsWith("owner lost; not re-run (worker instance " + second + " stopped heartbeating")
                .endsWith("; already replaced once from the beginning and no progress was " + "saved since)");
        assertThat(outcome.result()).isNull();

        // the operator sees that it ran twice, and when each loss was detected
        OperatorExecution view = Wire.fromBytes(
                SignedCalls.signed()
                        .header("Taskgate-Principal", "https://taskgate.local/dev operator-1")
                        .header("Taskgate-Workspace", caller.workspace())
                        .header("Taskgate-Route", "GET /v1/orgs/x/projects/y/operator/tool-executions/h")
                        .get("/internal/v1/operator/executions/" + handles.mint(id, Surface.REST, caller))
                        .then()
                        .statusCode(200)
                        .extract()
                        .asByteArray(),
                OperatorExecution.class);
        assertThat(view.attempt()).isEqualTo(2);
        assertThat(view.recoveries())
                .extracting(OperatorRecovery::lostAttempt, OperatorRecovery::cause, OperatorRecovery::outcome)
                .containsExactly(tuple(1, "owner-lost", "replaced"), tuple(2, "owner-lost", "failed"));
        assertThat(view.recoveries().get(0).detectedAt())
                .isBefore(view.recoveries().get(1).detectedAt());
        assertThat(view.ownerLossDetectionAt())
                .isEqualTo(view.recoveries().get(1).detectedAt());
        assertThat(recoveries("replaced")).isGreaterThanOrEqualTo(replacedBefore + 1);
        assertThat(recoveries("failed")).isGreaterThanOrEqualTo(failedBefore + 1);
    }

    private double recoveries(String outcome) {
        Counter counter = registry.find("taskgate.recoveries")
                .tags("cause", "owner-lost", "outcome", outcome)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void aMutatingExecutionOfASilentWorkerFailsExplicitlyAndIsNeverDispatchedAgain() {
        Caller caller = newCaller();
        Accepted accepted = (Accepted)
                fixture.send(submit(caller, "key-" + UUID.randomUUID(), TestOperations.MUTATION, "{\"x\":1}"));
        UUID id = accepted.executionId();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        fixture.report(started(id, 1, owner));
        awaitStatus(caller, id, ExecutionStatus.WORKING);

        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            awaitStatus(caller, id, ExecutionStatus.FAILED);
            assertThat(work.drain(Duration.ofSeconds(1)).stream()
                            .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), RunOperation.class))
                            .filter(r -> r.executionId().equals(id)))
                    .isEmpty();
        }
        ExecutionOutcome outcome = WorkerReportFlowTest.outcome(caller, id);
        assertThat(outcome.error().code()).isEqualTo("owner-lost");
        assertThat(outcome.error().message())
                .startsWith("owner lost; not re-run (worker instance " + owner)
                .endsWith("; it may have changed something, so it is not invoked again)");
    }

    @Test
    void aCancellationRequestedBeforeTheLossEndsCancelledInsteadOfBeingReplaced() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);
        assertThat(((Accepted) fixture.send(JobControlFixture.cancel(caller, id)))
                        .execution()
                        .cancelRequested())
                .isTrue();

        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            ExecutionSnapshot cancelled = awaitStatus(caller, id, ExecutionStatus.CANCELLED);
            assertThat(cancelled.statusMessage())
                    .isEqualTo("Cancelled: its owner was lost (worker instance " + owner
                            + " stopped heartbeating (last heard from at " + workers.lastSeen(owner)
                            + ")) after the cancellation was requested.");
            assertThat(work.drain(Duration.ofSeconds(1)).stream()
                            .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), RunOperation.class))
                            .filter(r -> r.executionId().equals(id)))
                    .isEmpty();
        }
    }

    @Test
    void aLateReportFromTheLostEpochChangesNothingAndTheReplacementsResultCounts() {
        Caller caller = newCaller();
        String lost = newWorkerId();
        UUID id = workers.submitAndStart(caller, lost);
        clock.advance(PAST_TIMEOUT);
        ExecutionSnapshot queued = awaitStatus(caller, id, ExecutionStatus.QUEUED);

        // the presumed-dead owner was only slow: its result for epoch 1 must not be taken
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, lost, "{\"late\":true}"));
        fixture.report(started(id, 1, lost));
        String survivor = newWorkerId();
        workers.heartbeat(survivor);
        // same key, same partition: once epoch 2 shows as working, both late reports were handled before it
        fixture.report(started(id, 2, survivor));
        ExecutionSnapshot working = awaitStatus(caller, id, ExecutionStatus.WORKING);
        assertThat(working.updatedAt()).isAfter(queued.updatedAt());
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isNull();

        String exact = "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"a\\\":1}\"}], \"isError\":false}";
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 2, survivor, exact));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(exact);
    }

    /**
     * The clock is frozen: with the system clock running, the real time the machine takes between the recorded
     * heartbeat and the sweep (the background sweeper's too) would count against the 2 s left before the timeout.
     */
    @Test
    void heartbeatsKeepAWorkersExecutionsAlive() {
        clock.freeze();
        try {
            Caller caller = newCaller();
            UUID id = fixture.submitNew(caller).executionId();
            String owner = newWorkerId();
            workers.heartbeat(owner);
            fixture.report(started(id, 1, owner));
            ExecutionSnapshot working = awaitStatus(caller, id, ExecutionStatus.WORKING);

            // 8 s after Started in all, but never more than 4 s without a heartbeat
            clock.advance(Duration.ofSeconds(4));
            workers.heartbeat(owner, List.of(new HeldExecution(id, 1)));
            clock.advance(Duration.ofSeconds(4));
            sweeper.sweep(5).await().atMost(WAIT);

            ExecutionSnapshot after = JobControlFixture.snapshot(caller, id);
            assertThat(after.status()).isEqualTo(ExecutionStatus.WORKING);
            assertThat(after.updatedAt()).isEqualTo(working.updatedAt());
        } finally {
            clock.thaw();
        }
    }

    @Test
    void aLeavingHeartbeatSettlesTheWorkersExecutionsWithoutWaitingForTheTimeout() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);

        fixture.kafka.send(
                topic(Topics.WORKER_HEARTBEATS),
                owner,
                new WorkerHeartbeat(UUID.randomUUID(), Instant.now(), owner, List.of(), true));

        ExecutionSnapshot queued = awaitStatus(caller, id, ExecutionStatus.QUEUED);
        assertThat(queued.statusMessage())
                .isEqualTo("Replaced after owner loss (worker instance " + owner
                        + " shut down); attempt 2 starts from the beginning.");
    }

    /**
     * Forgetting is not part of every pass (most passes at rest are a single look without a transaction): it comes at
     * most every {@link OwnerLossSweeper#FORGET_EVERY}, and still removes an instance silent for
     * {@code jobctl.liveness.forget-after} (a day), while a recent one stays.
     */
    @Test
    void aWorkerSilentForLongerThanForgetAfterIsForgottenByALaterSweep() {
        // stored directly: a heartbeat sent now could still be read after the clock moved and count as recent
        String silent = newWorkerId();
        pool.preparedQuery("insert into jobctl.worker_instance (worker_id, last_seen_at) values ($1, $2)")
                .execute(Tuple.of(
                        silent,
                        OffsetDateTime.ofInstant(
                                clock.instant().minus(Duration.ofDays(1)).minusSeconds(60), ZoneOffset.UTC)))
                .await()
                .atMost(WAIT);
        // whenever the last forgetting pass ran, one is due again after this
        clock.advance(OwnerLossSweeper.FORGET_EVERY.plusSeconds(1));
        String recent = newWorkerId();
        workers.heartbeat(recent);

        sweeper.sweep(5).await().atMost(WAIT);

        String sql = "select count(*) from jobctl.worker_instance where worker_id = $1";
        assertThat(JobControlFixture.count(pool, sql, silent)).isZero();
        assertThat(JobControlFixture.count(pool, sql, recent)).isEqualTo(1);
    }

    @Test
    void concurrentSweepsSettleEachExecutionExactlyOnce() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        workers.heartbeat(owner);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            UUID id = fixture.submitNew(caller).executionId();
            fixture.report(started(id, 1, owner));
            ids.add(id);
        }
        ids.forEach(id -> awaitStatus(caller, id, ExecutionStatus.WORKING));

        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE));
                TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            // two more sweepers besides the scheduled one, as other instances would run them
            Uni.combine()
                    .all()
                    .unis(sweeper.sweep(20), sweeper.sweep(20))
                    .asTuple()
                    .await()
                    .atMost(WAIT);
            ids.forEach(id -> awaitStatus(caller, id, ExecutionStatus.QUEUED));

            List<ExecutionChanged> changes = lifecycle.drain(Duration.ofSeconds(2)).stream()
                    .map(r -> Wire.fromBytes(r.value(), ExecutionChanged.class))
                    .filter(c -> ids.contains(c.executionId()))
                    .toList();
            List<RunOperation> runs = work.drain(Duration.ofSeconds(1)).stream()
                    .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), RunOperation.class))
                    .filter(r -> ids.contains(r.executionId()))
                    .toList();
            for (UUID id : ids) {
                assertThat(changes)
                        .filteredOn(c -> c.executionId().equals(id))
                        .singleElement()
                        .extracting(ExecutionChanged::state)
                        .isEqualTo(ExecutionStatus.QUEUED);
                assertThat(runs)
                        .filteredOn(r -> r.executionId().equals(id))
                        .singleElement()
                        .extracting(RunOperation::epoch)
                        .isEqualTo(2L);
            }
        }
    }
}
