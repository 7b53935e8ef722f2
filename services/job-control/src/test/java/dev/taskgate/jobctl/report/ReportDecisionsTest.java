package dev.taskgate.jobctl.report;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.StateChange;

import static org.assertj.core.api.Assertions.assertThat;

class ReportDecisionsTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant T1 = T0.plusSeconds(5);
    private static final UUID ID = UUID.fromString("00000000-0000-0000-0000-000000000001");

    private static Execution execution(ExecutionStatus state, long epoch) {
        return new Execution(
                ID,
                "iss sub",
                "org/proj",
                "org",
                "proj",
                Surface.REST,
                "demo.echo",
                "1",
                state,
                epoch,
                1,
                null,
                null,
                null,
                null,
                null,
                null,
                T0,
                T0,
                T0.plusSeconds(86400),
                T0.plusSeconds(86400 * 8),
                false,
                null);
    }

    @Test
    void startedMovesQueuedToWorking() {
        StateChange change = ReportDecisions.decide(
                        execution(ExecutionStatus.QUEUED, 1), new Started(UUID.randomUUID(), T1, ID, 1, "w", 42L), T1)
                .orElseThrow();
        assertThat(change.from()).isEqualTo(ExecutionStatus.QUEUED);
        assertThat(change.to()).isEqualTo(ExecutionStatus.WORKING);
        assertThat(change.epoch()).isEqualTo(1);
        assertThat(ReportDecisions.summaryOf(change)).isEqualTo("working");
    }

    @Test
    void ignoresReportsForAnotherEpoch() {
        assertThat(ReportDecisions.decide(
                        execution(ExecutionStatus.WORKING, 2),
                        new Finished(UUID.randomUUID(), T1, ID, 1, "w", "{}"),
                        T1))
                .isEmpty();
        assertThat(ReportDecisions.decide(
                        execution(ExecutionStatus.WORKING, 2),
                        new Finished(UUID.randomUUID(), T1, ID, 3, "w", "{}"),
                        T1))
                .isEmpty();
    }

    @Test
    void ignoresIllegalOrRepeatedTransitions() {
        assertThat(ReportDecisions.decide(
                        execution(ExecutionStatus.WORKING, 1), new Started(UUID.randomUUID(), T1, ID, 1, "w", 42L), T1))
                .isEmpty();
        assertThat(ReportDecisions.decide(
                        execution(ExecutionStatus.COMPLETED, 1),
                        new Failed(UUID.randomUUID(), T1, ID, 1, "w", "x", "y"),
                        T1))
                .isEmpty();
        assertThat(ReportDecisions.decide(
                        execution(ExecutionStatus.QUEUED, 1),
                        new Finished(UUID.randomUUID(), T1, ID, 1, "w", "{}"),
                        T1))
                .isEmpty();
    }

    @Test
    void anEndThatStandsForItsStartedMovesQueuedToTheEnd() {
        StateChange change = ReportDecisions.decide(
                        execution(ExecutionStatus.QUEUED, 1),
                        new Finished(UUID.randomUUID(), T1, ID, 1, "w", "{}").withStartedAt(T0),
                        T1)
                .orElseThrow();
        assertThat(change.from()).isEqualTo(ExecutionStatus.QUEUED);
        assertThat(change.to()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(change.result()).isEqualTo("{}".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void progressIsNeverAStateChange() {
        assertThat(ReportDecisions.decide(
                        execution(ExecutionStatus.WORKING, 1),
                        new Progress(UUID.randomUUID(), T1, ID, 1, "w", 1, 2.0, "half"),
                        T1))
                .isEmpty();
    }

    @Test
    void finishedKeepsTheExactResultBytes() {
        String result = "{ \"z\": 1,  \"content\" : [ ], \"isError\":true , \"é\":\"\\u00e9\" }";
        StateChange change = ReportDecisions.decide(
                        execution(ExecutionStatus.WORKING, 1),
                        new Finished(UUID.randomUUID(), T1, ID, 1, "w", result),
                        T1)
                .orElseThrow();
        assertThat(change.to()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(change.result()).isEqualTo(result.getBytes(StandardCharsets.UTF_8));
        assertThat(ReportDecisions.summaryOf(change)).isEqualTo("completed");
    }

    @Test
    void failedRecordsCodeAndMessage() {
        StateChange change = ReportDecisions.decide(
                        execution(ExecutionStatus.WORKING, 1),
                        new Failed(UUID.randomUUID(), T1, ID, 1, "w", "operation_crashed", "It broke."),
                        T1)
                .orElseThrow();
        assertThat(change.to()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(change.errorCode()).isEqualTo("operation_crashed");
        assertThat(change.errorMessage()).isEqualTo("It broke.");
        assertThat(ReportDecisions.summaryOf(change)).isEqualTo("failed: operation_crashed");
    }

    @Test
    void childDiedIsLeftToOwnerLossRecovery() {
        ChildDied died = new ChildDied(UUID.randomUUID(), T1, ID, 1, "w", 42L, 137);
        assertThat(ReportDecisions.targetOf(died)).isEmpty();
        assertThat(ReportDecisions.decide(execution(ExecutionStatus.WORKING, 1), died, T1))
                .isEmpty();
    }

    @Test
    void stoppedCancels() {
        StateChange change = ReportDecisions.decide(
                        execution(ExecutionStatus.INPUT_REQUIRED, 1),
                        new Stopped(UUID.randomUUID(), T1, ID, 1, "w", "stopped after 3 of 10"),
                        T1)
                .orElseThrow();
        assertThat(change.to()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(change.statusMessage()).isEqualTo("stopped after 3 of 10");
        assertThat(ReportDecisions.summaryOf(change)).isEqualTo("cancelled");
    }
}
