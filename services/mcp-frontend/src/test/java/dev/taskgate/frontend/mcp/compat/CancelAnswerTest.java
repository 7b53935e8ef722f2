package dev.taskgate.frontend.mcp.compat;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.frontend.execution.StopDelivery;

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
        assertThat(CancelAnswer.after(reply(s(ExecutionStatus.CANCELLED, true), null))
                        .wireName())
                .isEqualTo("accepted");
        assertThat(CancelAnswer.after(reply(s(ExecutionStatus.WORKING, true), true))
                        .wireName())
                .isEqualTo("stop_delivered");
        assertThat(CancelAnswer.after(reply(s(ExecutionStatus.INPUT_REQUIRED, true), false))
                        .wireName())
                .isEqualTo("stop_delivery_unknown");
        assertThat(CancelAnswer.after(reply(s(ExecutionStatus.COMPLETED, false), null))
                        .wireName())
                .isEqualTo("already_terminal");
    }

    @Test
    void aRunningExecutionsStopWithoutAWordOnItsDeliveryIsDeliveryUnknown() {
        // a job-control of an earlier version says nothing about delivery
        assertThat(CancelAnswer.after(reply(s(ExecutionStatus.WORKING, true), null)))
                .isEqualTo(CancelAnswer.STOP_DELIVERY_UNKNOWN);
        assertThat(StopDelivery.of(reply(s(ExecutionStatus.COMPLETED, false), null)))
                .isEmpty();
        assertThat(StopDelivery.of(reply(s(ExecutionStatus.WORKING, true), true)))
                .contains(StopDelivery.DELIVERED);
    }

    private static Accepted reply(ExecutionSnapshot s, Boolean stopDelivered) {
        Instant t = Instant.parse("2026-01-02T03:04:06Z");
        return new Accepted(
                UUID.randomUUID(), t, UUID.randomUUID(), "frontend-1", s.executionId(), false, s, stopDelivered);
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
