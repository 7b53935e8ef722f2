package dev.taskgate.frontend.mcp.progress;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecentDecisiveChangesTest {

    @Test
    void remembersUpToItsCapacityAndForgetsTheOldestFirst() {
        RecentDecisiveChanges recent = new RecentDecisiveChanges(2);
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        UUID third = UUID.randomUUID();

        recent.add(first);
        recent.add(second);
        recent.add(first); // already there: neither moved nor counted twice
        assertThat(recent.contains(first)).isTrue();
        assertThat(recent.contains(second)).isTrue();

        recent.add(third);
        assertThat(recent.contains(first)).as("the oldest goes first").isFalse();
        assertThat(recent.contains(second)).isTrue();
        assertThat(recent.contains(third)).isTrue();
        assertThat(recent.contains(UUID.randomUUID())).isFalse();
    }

    @Test
    void aCapacityBelowOneIsRefused() {
        assertThatThrownBy(() -> new RecentDecisiveChanges(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anEndOrAWaitForInputIsDecisiveQueuedAndWorkingAreNot() {
        assertThat(ExecutionSignals.isDecisive(ExecutionStatus.COMPLETED)).isTrue();
        assertThat(ExecutionSignals.isDecisive(ExecutionStatus.FAILED)).isTrue();
        assertThat(ExecutionSignals.isDecisive(ExecutionStatus.CANCELLED)).isTrue();
        assertThat(ExecutionSignals.isDecisive(ExecutionStatus.INPUT_REQUIRED)).isTrue();
        assertThat(ExecutionSignals.isDecisive(ExecutionStatus.QUEUED)).isFalse();
        assertThat(ExecutionSignals.isDecisive(ExecutionStatus.WORKING)).isFalse();
        assertThat(ExecutionSignals.isDecisive(null)).isFalse();
    }

    @Test
    void theSignalsRememberADecisiveChangeReadBeforeAnyWatch() {
        ExecutionSignals signals = new ExecutionSignals();
        UUID ended = UUID.randomUUID();

        signals.decisiveChangeRead(ended);

        assertThat(signals.decisiveChangeSeen(ended)).isTrue();
        assertThat(signals.decisiveChangeSeen(UUID.randomUUID())).isFalse();
    }
}
