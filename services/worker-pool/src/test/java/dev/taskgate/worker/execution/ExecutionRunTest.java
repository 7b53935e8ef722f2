package dev.taskgate.worker.execution;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The race decisions of one held run (no child needed: the paths tested never touch it). */
class ExecutionRunTest {
    private final ExecutionRun run = new ExecutionRun(new ExecutionKey(UUID.randomUUID(), 1), "demo.sleep");

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
