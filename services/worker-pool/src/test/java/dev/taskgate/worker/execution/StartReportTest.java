package dev.taskgate.worker.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;

import static org.assertj.core.api.Assertions.assertThat;

class StartReportTest {

    private final Started started = new Started(UUID.randomUUID(), Instant.now(), UUID.randomUUID(), 1, "w-1", 42L);
    private final List<WorkerEvent> sent = new ArrayList<>();
    private final List<CompletableFuture<Void>> acks = new ArrayList<>();
    private final StartReport report = new StartReport(started, event -> {
        sent.add(event);
        CompletableFuture<Void> ack = new CompletableFuture<>();
        acks.add(ack);
        return ack;
    });

    @Test
    void onlyARunThatMayRunTwiceHoldsItsStart() {
        Duration hold = Duration.ofMillis(25);

        assertThat(StartReport.mayHold(hold, false, false, false)).isTrue();
        assertThat(StartReport.mayHold(hold, true, false, false)).as("mutating").isFalse();
        assertThat(StartReport.mayHold(hold, false, true, false))
                .as("upstream call")
                .isFalse();
        assertThat(StartReport.mayHold(hold, false, false, true))
                .as("reconciliation")
                .isFalse();
        assertThat(StartReport.mayHold(Duration.ZERO, false, false, false))
                .as("no hold")
                .isFalse();
    }

    @Test
    void isSentOnceAndItsAcknowledgementSettlesTheDispatch() {
        report.send();
        report.send();

        assertThat(sent).containsExactly(started);
        assertThat(report.settled()).isNotDone();
        acks.get(0).complete(null);
        assertThat(report.settled()).isCompleted();
    }

    @Test
    void aRunThatEndsWhileItIsHeldHasItsEndStandForItAndNeverSendsIt() {
        Finished end = new Finished(UUID.randomUUID(), Instant.now(), started.executionId(), 1, "w-1", "{}");

        WorkerEvent folded = report.foldInto(end);
        report.send(); // the hold ending after the run did

        assertThat(folded).isEqualTo(end.withStartedAt(started.occurredAt()));
        assertThat(sent).isEmpty();
        assertThat(report.settled()).isNotDone();
        report.endAcknowledged();
        assertThat(report.settled()).isCompleted();
    }

    @Test
    void onceSentTheEndGoesAsItIs() {
        Stopped end = new Stopped(UUID.randomUUID(), Instant.now(), started.executionId(), 1, "w-1", "stopped");
        report.send();

        assertThat(report.foldInto(end)).isSameAs(end);
        assertThat(sent).containsExactly(started);
    }

    @Test
    void anEndThatCannotStandForItHasItSentFirst() {
        ChildDied died = new ChildDied(UUID.randomUUID(), Instant.now(), started.executionId(), 1, "w-1", 42L, 137);

        assertThat(report.foldInto(died)).isSameAs(died);
        assertThat(sent).containsExactly(started);
    }

    @Test
    void aRefusedStartLeavesTheSettlingToTheRunsEnd() {
        report.send();
        acks.get(0).completeExceptionally(new IllegalStateException("broker away"));

        assertThat(report.settled()).isNotDone();
        report.endAcknowledged();
        assertThat(report.settled()).isCompleted();
    }
}
