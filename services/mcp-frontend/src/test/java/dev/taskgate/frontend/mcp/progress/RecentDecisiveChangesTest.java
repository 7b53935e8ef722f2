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

    @Test
    void theCountRisesOncePerNewIdEvenPastTheCapacity() {
        RecentDecisiveChanges recent = new RecentDecisiveChanges(2);
        UUID first = UUID.randomUUID();

        recent.add(first);
        recent.add(first);
        recent.add(UUID.randomUUID());
        recent.add(UUID.randomUUID());

        assertThat(recent.added()).isEqualTo(3);
        assertThat(recent.capacity()).isEqualTo(2);
    }

    @Test
    void aMarkTellsWhetherADecisiveChangeMayHaveBeenReadSinceUntilTooManyWereRead() {
        ExecutionSignals signals = new ExecutionSignals();
        signals.decisiveChangeRead(UUID.randomUUID()); // before the mark: does not matter
        UUID submitted = UUID.randomUUID();
        long mark = signals.decisiveMark();

        for (int i = 0; i < ExecutionSignals.REMEMBERED_DECISIVE_CHANGES; i++) {
            signals.decisiveChangeRead(UUID.randomUUID());
        }
        assertThat(signals.mayHaveChangedDecisivelySince(submitted, mark))
                .as("every change read since the mark is still remembered")
                .isFalse();

        signals.decisiveChangeRead(UUID.randomUUID());
        assertThat(signals.mayHaveChangedDecisivelySince(submitted, mark))
                .as("one more: the first read since the mark is forgotten, so it cannot tell")
                .isTrue();
        long later = signals.decisiveMark();
        assertThat(signals.mayHaveChangedDecisivelySince(submitted, later)).isFalse();
        signals.decisiveChangeRead(submitted);
        assertThat(signals.mayHaveChangedDecisivelySince(submitted, later)).isTrue();
    }
}
