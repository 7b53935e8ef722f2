package dev.taskgate.frontend.mcp;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionStatus;

import static org.assertj.core.api.Assertions.assertThat;

class TaskViewTest {

    @Test
    void ttlIsClampedToOneMinuteAndSevenDays() {
        assertThat(TaskView.clampTtl(Duration.ofSeconds(1)))
                .as("job-control raises it to its shortest TTL")
                .isEqualTo(1_000L);
        assertThat(TaskView.clampTtl(Duration.ZERO)).isEqualTo(1L);
        assertThat(TaskView.clampTtl(Duration.ofHours(24))).isEqualTo(86_400_000L);
        assertThat(TaskView.clampTtl(Duration.ofDays(30))).isEqualTo(604_800_000L);
        assertThat(TaskView.clampTtl(Duration.ofDays(7))).isEqualTo(604_800_000L);
        assertThat(TaskView.clampTtl(Duration.ofMinutes(1))).isEqualTo(60_000L);
    }

    @Test
    void queuedIsShownAsWorkingAndEveryOtherStatusAsItself() {
        assertThat(TaskView.status(ExecutionStatus.QUEUED)).isEqualTo("working");
        assertThat(TaskView.status(ExecutionStatus.WORKING)).isEqualTo("working");
        assertThat(TaskView.status(ExecutionStatus.INPUT_REQUIRED)).isEqualTo("input_required");
        assertThat(TaskView.status(ExecutionStatus.COMPLETED)).isEqualTo("completed");
        assertThat(TaskView.status(ExecutionStatus.FAILED)).isEqualTo("failed");
        assertThat(TaskView.status(ExecutionStatus.CANCELLED)).isEqualTo("cancelled");
    }
}
