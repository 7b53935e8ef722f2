package dev.taskgate.worker.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import org.junit.jupiter.api.Test;

/** The race decisions of one held run (no child needed: the paths tested never touch it). */
class ExecutionRunTest {
    private final ExecutionRun run = new ExecutionRun(new ExecutionKey(UUID.randomUUID(), 1), "demo.sleep");

    @Test
    void progressIsAdmittedAtMostOncePerInterval() {
        assertThat(run.admitProgress(1_000, 250)).isTrue();
        assertThat(run.admitProgress(1_100, 250)).isFalse();
        assertThat(run.admitProgress(1_249, 250)).isFalse();
        assertThat(run.admitProgress(1_250, 250)).isTrue();
        assertThat(run.admitProgress(2_000, 250)).isTrue();
    }

    @Test
    void onlyOneTerminalReportIsClaimed() {
        assertThat(run.finish()).isTrue();
        assertThat(run.finish()).isFalse();
    }

    @Test
    void aStopBeforeTheRunStartsSendsNothingYet() {
        assertThat(run.requestStop()).isFalse();
        assertThat(run.requestStop()).isFalse();
    }

    @Test
    void aStopAfterTheEndIsIgnoredAndTheChildIsNotKilled() {
        run.finish();

        assertThat(run.requestStop()).isFalse();
        assertThat(run.markKilledForStop()).isFalse();
        assertThat(run.isKilledForStop()).isFalse();
    }

    @Test
    void aKillDecidedBeforeTheEndIsRemembered() {
        assertThat(run.markKilledForStop()).isTrue();
        assertThat(run.finish()).isTrue();
        assertThat(run.isKilledForStop()).isTrue();
    }
}
