package dev.taskgate.frontend.mcp.compat;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

import static org.assertj.core.api.Assertions.assertThat;

class CancelAnswerTest {
    @Test
    void decidesBeforeAskingOnlyWhenNothingWouldChange() {
        assertThat(CancelAnswer.before(s(ExecutionStatus.COMPLETED, false), true))
                .isEqualTo(CancelAnswer.ALREADY_TERMINAL);
        assertThat(CancelAnswer.before(s(ExecutionStatus.WORKING, false), false))
                .isEqualTo(CancelAnswer.UNSUPPORTED);
        assertThat(CancelAnswer.before(s(ExecutionStatus.INPUT_REQUIRED, true), true))
                .isEqualTo(CancelAnswer.STOP_ALREADY_REQUESTED);
        assertThat(CancelAnswer.before(s(ExecutionStatus.QUEUED, false), false)).isNull();
        assertThat(CancelAnswer.before(s(ExecutionStatus.WORKING, false), true)).isNull();
    }

    @Test
    void namesWhatJobControlDid() {
        assertThat(CancelAnswer.after(s(ExecutionStatus.CANCELLED, true)).wireName())
                .isEqualTo("accepted");
        assertThat(CancelAnswer.after(s(ExecutionStatus.WORKING, true)).wireName())
                .isEqualTo("stop_requested");
        assertThat(CancelAnswer.after(s(ExecutionStatus.COMPLETED, false)).wireName())
                .isEqualTo("already_terminal");
    }

    private static ExecutionSnapshot s(ExecutionStatus status, boolean cancelRequested) {
        Instant t = Instant.parse("2026-01-02T03:04:05Z");
        return new ExecutionSnapshot(
                UUID.randomUUID(),
                "demo.sleep",
                "1",
                status,
                Surface.MCP_2026,
                t,
                t,
                null,
                null,
                null,
                null,
                null,
                cancelRequested);
    }
}
