package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.lifetime.DeadlineSweeper;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@QuarkusTest
@TestProfile(SweeperTestProfile.class)
class ExecutionDeadlineSweepTest {

    private static final Duration PAST_DEFAULT_DEADLINE = Duration.ofHours(24).plusSeconds(1);
    private static JobControlFixture fixture;

    @Inject
    AdjustableClock clock;

    @Inject
    DeadlineSweeper sweeper;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aWorkingExecutionPastItsDeadlineFailsAndItsWorkerIsToldToStop() {
        Caller caller = newCaller();
        Accepted accepted = fixture.submitNew(caller);
        UUID id = accepted.executionId();
        assertThat(accepted.execution().executionDeadline())
                .isEqualTo(accepted.execution().createdAt().plus(Duration.ofHours(24)));
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);

        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE));
                TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            clock.advance(PAST_DEFAULT_DEADLINE);

            ExecutionChanged changed = lifecycle.await(
                    ExecutionChanged.class,
                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.FAILED,
                    WAIT);
            assertThat(changed.summary()).isEqualTo("failed: deadline_exceeded");
            StopRequested stop =
                    control.await(StopRequested.class, s -> s.executionId().equals(id), WAIT);
            assertThat(stop.epoch()).isEqualTo(1);
        }
        ExecutionOutcome outcome = WorkerReportFlowTest.outcome(caller, id);
        assertThat(outcome.execution().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(outcome.result()).isNull();
        assertThat(outcome.error().code()).isEqualTo("deadline_exceeded");
        assertThat(outcome.error().message())
                .isEqualTo("The execution did not finish before its deadline ("
                        + accepted.execution().executionDeadline() + "); it was stopped and will not be re-run.");
        assertThat(outcome.execution().retentionExpiresAt())
                .as("retention counts from the terminal time, not from creation")
                .isEqualTo(outcome.execution().updatedAt().plus(Duration.ofDays(7)));
        assertThat(outcome.execution().updatedAt()).isAfter(accepted.execution().executionDeadline());
    }

    @Test
    void reportsArrivingAfterTheDeadlineFailureChangeNothing() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        clock.advance(PAST_DEFAULT_DEADLINE);
        ExecutionSnapshot failed = awaitStatus(caller, id, ExecutionStatus.FAILED);

        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE));
                TopicWatcher dlq = fixture.kafka.watch(topic(Topics.WORKER_EVENTS + ".dlq"))) {
            fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "{\"late\":true}"));
            fixture.report(new Stopped(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "stopped late"));
            // barrier: a poison record on the same key (same partition) is dead-lettered only after both reports
            fixture.kafka.sendRaw(
                    topic(Topics.WORKER_EVENTS), id.toString(), "barrier".getBytes(StandardCharsets.UTF_8));
            await().atMost(WAIT)
                    .until(() -> dlq.drain(Duration.ofMillis(200)).stream()
                            .anyMatch(r -> id.toString().equals(r.key())));

            assertThat(lifecycle.drain(Duration.ofMillis(500)).stream()
                            .map(r -> Wire.fromBytes(r.value(), ExecutionChanged.class))
                            .filter(c -> c.executionId().equals(id)))
                    .isEmpty();
        }
        ExecutionOutcome outcome = WorkerReportFlowTest.outcome(caller, id);
        assertThat(outcome.execution().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(outcome.execution().updatedAt()).isEqualTo(failed.updatedAt());
        assertThat(outcome.result()).isNull();
        assertThat(outcome.error().code()).isEqualTo("deadline_exceeded");
    }

    @Test
    void anOperationDeadlineIsShorterAndAlsoFailsAQueuedExecution() {
        Caller caller = newCaller();
        Accepted sleep = (Accepted) fixture.send(submit(caller, "sleep", "demo.sleep", "{\"millis\":10}"));
        Accepted echo = (Accepted) fixture.send(submit(caller, "echo", "demo.echo", "{\"a\":1}"));
        assertThat(sleep.execution().executionDeadline())
                .isEqualTo(sleep.execution().createdAt().plus(Duration.ofHours(1)));

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            clock.advance(Duration.ofHours(1).plusSeconds(1));

            awaitStatus(caller, sleep.executionId(), ExecutionStatus.FAILED);
            StopRequested stop =
                    control.await(StopRequested.class, s -> s.executionId().equals(sleep.executionId()), WAIT);
            assertThat(stop.epoch()).isEqualTo(1);
        }
        assertThat(WorkerReportFlowTest.outcome(caller, sleep.executionId())
                        .error()
                        .code())
                .isEqualTo("deadline_exceeded");
        assertThat(JobControlFixture.snapshot(caller, echo.executionId()).status())
                .as("the default deadline is still far away")
                .isEqualTo(ExecutionStatus.QUEUED);
    }

    @Test
    void concurrentSweepsFailEachExecutionExactlyOnce() {
        Caller caller = newCaller();
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            UUID id = fixture.submitNew(caller).executionId();
            fixture.report(started(id, 1));
            ids.add(id);
        }
        ids.forEach(id -> awaitStatus(caller, id, ExecutionStatus.WORKING));

        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE));
                TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            clock.advance(PAST_DEFAULT_DEADLINE);
            // two more sweepers besides the scheduled one, as other instances would run them
            Uni.combine()
                    .all()
                    .unis(sweeper.sweep(20), sweeper.sweep(20))
                    .asTuple()
                    .await()
                    .atMost(WAIT);
            ids.forEach(id -> awaitStatus(caller, id, ExecutionStatus.FAILED));

            List<ExecutionChanged> changes = lifecycle.drain(Duration.ofSeconds(2)).stream()
                    .map(r -> Wire.fromBytes(r.value(), ExecutionChanged.class))
                    .filter(c -> ids.contains(c.executionId()))
                    .toList();
            List<StopRequested> stops = control.drain(Duration.ofSeconds(1)).stream()
                    .map(r -> Wire.fromBytes(r.value(), StopRequested.class))
                    .filter(s -> ids.contains(s.executionId()))
                    .toList();
            for (UUID id : ids) {
                assertThat(changes)
                        .filteredOn(c -> c.executionId().equals(id))
                        .singleElement()
                        .extracting(ExecutionChanged::state)
                        .isEqualTo(ExecutionStatus.FAILED);
                assertThat(stops).filteredOn(s -> s.executionId().equals(id)).hasSize(1);
            }
        }
    }
}
