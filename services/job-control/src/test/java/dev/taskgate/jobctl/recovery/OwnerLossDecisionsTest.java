package dev.taskgate.jobctl.recovery;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.jobctl.recovery.OwnerLossVerdict.Action;

import static dev.taskgate.jobctl.recovery.OwnerLossDecisions.FROM_START;
import static dev.taskgate.jobctl.recovery.OwnerLossDecisions.MAX_REPLACEMENTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OwnerLossDecisionsTest {

    private static final String CAUSE = "worker instance w-1 stopped heartbeating";

    /**
     * Every state × mutating × cancel requested × replacements 0..3 × frontier (none, same, moved on) × result
     * staged × journal entry bound.
     */
    static Stream<Arguments> everyCase() {
        List<Arguments> cases = new ArrayList<>();
        for (ExecutionStatus state : ExecutionStatus.values()) {
            for (boolean mutating : new boolean[] {false, true}) {
                for (boolean cancel : new boolean[] {false, true}) {
                    for (int replacements = 0; replacements <= MAX_REPLACEMENTS + 1; replacements++) {
                        for (String previous : new String[] {null, FROM_START, "cp-1"}) {
                            if ((replacements == 0) != (previous == null)) {
                                continue; // a replacement always records its frontier
                            }
                            for (String frontier : new String[] {FROM_START, "cp-2"}) {
                                for (boolean staged : new boolean[] {false, true}) {
                                    for (boolean journal : new boolean[] {false, true}) {
                                        cases.add(Arguments.of(
                                                state,
                                                mutating,
                                                cancel,
                                                replacements,
                                                previous,
                                                frontier,
                                                staged,
                                                journal));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} mutating={1} cancel={2} replacements={3} from={4} now={5} staged={6} journal={7}")
    @MethodSource("everyCase")
    void decidesEveryCaseByTheRules(
            ExecutionStatus state,
            boolean mutating,
            boolean cancel,
            int replacements,
            String previous,
            String frontier,
            boolean staged,
            boolean journal) {
        OwnerLossVerdict verdict = OwnerLossDecisions.decide(
                new LostExecution(state, mutating, cancel, replacements, previous, frontier, staged, journal), CAUSE);

        boolean running = state == ExecutionStatus.WORKING || state == ExecutionStatus.INPUT_REQUIRED;
        Action expected;
        if (!running) {
            expected = Action.IGNORE;
        } else if (staged && (mutating || !cancel)) {
            expected = Action.PUBLISH_STAGED;
        } else if (mutating && journal) {
            expected = replacements >= MAX_REPLACEMENTS ? Action.FAIL : Action.RECONCILE;
        } else if (mutating && !frontier.equals(FROM_START)) {
            expected = cancel || replacements >= MAX_REPLACEMENTS ? Action.FAIL : Action.REPLACE;
        } else if (mutating) {
            expected = Action.FAIL;
        } else if (cancel) {
            expected = Action.CANCEL;
        } else if (replacements >= MAX_REPLACEMENTS || frontier.equals(previous)) {
            expected = Action.FAIL;
        } else {
            expected = Action.REPLACE;
        }
        assertThat(verdict.action()).isEqualTo(expected);
        switch (expected) {
            case REPLACE -> {
                assertThat(verdict.frontier()).isEqualTo(frontier);
                assertThat(verdict.errorCode()).isNull();
                assertThat(verdict.message())
                        .startsWith((mutating ? "Resumed" : "Replaced") + " after owner loss (" + CAUSE + ")");
            }
            case FAIL -> {
                assertThat(verdict.errorCode()).isEqualTo("owner-lost");
                assertThat(verdict.message()).startsWith("owner lost; not re-run (" + CAUSE);
                assertThat(verdict.frontier()).isNull();
            }
            case CANCEL -> {
                assertThat(verdict.message()).contains(CAUSE).contains("after the cancellation was requested");
                assertThat(verdict.errorCode()).isNull();
            }
            case IGNORE -> assertThat(verdict.message()).isNull();
            case RECONCILE -> {
                assertThat(verdict.frontier()).isEqualTo(OwnerLossDecisions.JOURNAL);
                assertThat(verdict.errorCode()).isNull();
                assertThat(verdict.message())
                        .startsWith("Reconstructing the outcome from the transaction journal " + "after owner loss ("
                                + CAUSE + "); attempt " + (replacements + 2));
            }
            case PUBLISH_STAGED -> {
                assertThat(verdict.message())
                        .isEqualTo("Completed with the result staged before its owner was lost (" + CAUSE
                                + "); not re-run.");
                assertThat(verdict.errorCode()).isNull();
                assertThat(verdict.frontier()).isNull();
            }
        }
    }

    @Test
    void aCheckpointLessReadOnlyExecutionIsReplacedOnceThenFails() {
        OwnerLossVerdict first = OwnerLossDecisions.decide(
                new LostExecution(ExecutionStatus.WORKING, false, false, 0, null, FROM_START), CAUSE);
        assertThat(first.action()).isEqualTo(Action.REPLACE);
        assertThat(first.message())
                .isEqualTo("Replaced after owner loss (" + CAUSE + "); attempt 2 starts from the beginning.");

        OwnerLossVerdict second = OwnerLossDecisions.decide(
                new LostExecution(ExecutionStatus.WORKING, false, false, 1, first.frontier(), FROM_START), CAUSE);
        assertThat(second.action()).isEqualTo(Action.FAIL);
        assertThat(second.message())
                .isEqualTo("owner lost; not re-run (" + CAUSE
                        + "; already replaced once from the beginning and no progress was saved since)");
    }

    @Test
    void aMovedFrontierAllowsASecondReplacementButNeverAThird() {
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.INPUT_REQUIRED, false, false, 1, FROM_START, "cp-7"),
                                CAUSE)
                        .action())
                .isEqualTo(Action.REPLACE);
        OwnerLossVerdict third = OwnerLossDecisions.decide(
                new LostExecution(ExecutionStatus.WORKING, false, false, 2, "cp-7", "cp-8"), CAUSE);
        assertThat(third.action()).isEqualTo(Action.FAIL);
        assertThat(third.message()).contains("already replaced 2 times");
    }

    @Test
    void anUpstreamToolWithASavedTaskIsResumedFromItButNeverAfterACancellationAndAtMostTwice() {
        OwnerLossVerdict first = OwnerLossDecisions.decide(
                new LostExecution(ExecutionStatus.WORKING, true, false, 0, null, "checkpoint-1"), CAUSE);
        assertThat(first.action()).isEqualTo(Action.REPLACE);
        assertThat(first.frontier()).isEqualTo("checkpoint-1");
        assertThat(first.message())
                .isEqualTo("Resumed after owner loss (" + CAUSE + "); attempt 2 follows the upstream task saved at "
                        + "checkpoint 1; the tool is not invoked again.");
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(
                                        ExecutionStatus.WORKING, true, false, 1, "checkpoint-1", "checkpoint-1"),
                                CAUSE)
                        .action())
                .as("following the same remote task again is safe: no progress need have been saved since")
                .isEqualTo(Action.REPLACE);
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(
                                        ExecutionStatus.WORKING, true, false, 2, "checkpoint-1", "checkpoint-1"),
                                CAUSE)
                        .message())
                .contains("already resumed 2 times");
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.WORKING, true, true, 0, null, "checkpoint-1"), CAUSE)
                        .message())
                .contains("its upstream task may still run, so the requested cancellation cannot be confirmed");
    }

    @Test
    void aMutatingExecutionIsNeverReplacedAndSaysWhyEvenWhenCancelWasRequested() {
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.WORKING, true, false, 0, null, FROM_START), CAUSE)
                        .message())
                .isEqualTo("owner lost; not re-run (" + CAUSE
                        + "; it may have changed something, so it is not invoked again)");
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.WORKING, true, true, 0, null, FROM_START), CAUSE)
                        .message())
                .contains("the requested cancellation cannot be confirmed");
    }

    @Test
    void aStagedResultIsPublishedEvenAfterTheLastReplacementButNeverOverridesACancellationOfAReadOnlyExecution() {
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.WORKING, false, false, 2, "cp-7", "cp-7", true),
                                CAUSE)
                        .action())
                .isEqualTo(Action.PUBLISH_STAGED);
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.WORKING, false, true, 0, null, FROM_START, true),
                                CAUSE)
                        .action())
                .isEqualTo(Action.CANCEL);
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.WORKING, true, true, 0, null, FROM_START, true),
                                CAUSE)
                        .action())
                .as("a mutating operation stages after applying: its staged result is what happened")
                .isEqualTo(Action.PUBLISH_STAGED);
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(ExecutionStatus.COMPLETED, false, false, 0, null, FROM_START, true),
                                CAUSE)
                        .action())
                .isEqualTo(Action.IGNORE);
    }

    @Test
    void aStagedResultBoundToWorkspaceSourcesIsLeftToAReplacementThatChecksThem() {
        OwnerLossVerdict fresh = OwnerLossDecisions.decide(
                new LostExecution(ExecutionStatus.WORKING, false, false, 0, null, "checkpoint-4", true, false, true),
                CAUSE);
        assertThat(fresh.action()).isEqualTo(Action.REPLACE);
        assertThat(fresh.frontier()).isEqualTo("checkpoint-4");
        assertThat(fresh.message())
                .contains("publishes the result staged before the loss if the workspace files it read are unchanged")
                .contains("else starts from checkpoint 4");
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(
                                        ExecutionStatus.WORKING,
                                        false,
                                        true,
                                        0,
                                        null,
                                        "checkpoint-4",
                                        true,
                                        false,
                                        true),
                                CAUSE)
                        .action())
                .as("a cancellation still wins")
                .isEqualTo(Action.CANCEL);
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(
                                        ExecutionStatus.WORKING,
                                        false,
                                        false,
                                        MAX_REPLACEMENTS,
                                        "checkpoint-3",
                                        "checkpoint-4",
                                        true,
                                        false,
                                        true),
                                CAUSE)
                        .action())
                .as("past the last replacement nobody can check the files: never published unchecked")
                .isEqualTo(Action.FAIL);
        assertThat(OwnerLossDecisions.decide(
                                new LostExecution(
                                        ExecutionStatus.WORKING,
                                        false,
                                        false,
                                        1,
                                        "checkpoint-4",
                                        "checkpoint-4",
                                        true,
                                        false,
                                        true),
                                CAUSE)
                        .action())
                .isEqualTo(Action.FAIL);
    }

    @Test
    void rejectsImpossibleInput() {
        assertThatThrownBy(() -> new LostExecution(ExecutionStatus.WORKING, false, false, -1, null, FROM_START))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LostExecution(ExecutionStatus.WORKING, false, false, 0, null, null))
                .isInstanceOf(NullPointerException.class);
    }
}
