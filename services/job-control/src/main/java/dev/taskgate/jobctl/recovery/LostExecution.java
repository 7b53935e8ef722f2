package dev.taskgate.jobctl.recovery;

import java.util.Objects;

import dev.taskgate.contracts.ExecutionStatus;

/**
 * What {@link OwnerLossDecisions} needs to know about an execution whose owner was lost. Checkpoints and the
 * transaction journal (issue 6 items 2 and 3) add their evidence here.
 *
 * @param state                the execution's state under the lost owner's epoch
 * @param mutating             whether its operation changes anything outside Taskgate (catalog {@code mutating})
 * @param cancelRequested      whether a caller asked to cancel it before the loss was detected
 * @param replacements         how many replacement dispatches owner loss has already made
 * @param replacedFromFrontier the frontier the latest replacement started from, or {@code null} if none was made
 * @param frontier             where a replacement would start now: {@link OwnerLossDecisions#FROM_START} until
 *                             checkpoints exist, later the identity of the last valid checkpoint
 * @param resultStaged         whether the lost epoch staged its result ({@code ResultStaged}) before it was lost
 * @param journalBound         whether a rewrite plan is bound to the execution's transaction journal entry (its
 *                             commit was granted)
 * @param sourceBound          whether a staged result is bound to the workspace sources it was computed on (a
 *                             read-only workspace operation): only a replacement that finds them unchanged may
 *                             publish it, so owner loss never publishes it directly
 */
public record LostExecution(
        ExecutionStatus state,
        boolean mutating,
        boolean cancelRequested,
        int replacements,
        String replacedFromFrontier,
        String frontier,
        boolean resultStaged,
        boolean journalBound,
        boolean sourceBound) {

    public LostExecution {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(frontier, "frontier");
        if (replacements < 0) {
            throw new IllegalArgumentException("replacements must not be negative");
        }
    }

    /** An execution without a staged result. */
    public LostExecution(
            ExecutionStatus state,
            boolean mutating,
            boolean cancelRequested,
            int replacements,
            String replacedFromFrontier,
            String frontier) {
        this(state, mutating, cancelRequested, replacements, replacedFromFrontier, frontier, false, false, false);
    }

    /** An execution without a journal entry. */
    public LostExecution(
            ExecutionStatus state,
            boolean mutating,
            boolean cancelRequested,
            int replacements,
            String replacedFromFrontier,
            String frontier,
            boolean resultStaged) {
        this(
                state,
                mutating,
                cancelRequested,
                replacements,
                replacedFromFrontier,
                frontier,
                resultStaged,
                false,
                false);
    }

    /** An execution whose staged result, if any, is not bound to workspace sources. */
    public LostExecution(
            ExecutionStatus state,
            boolean mutating,
            boolean cancelRequested,
            int replacements,
            String replacedFromFrontier,
            String frontier,
            boolean resultStaged,
            boolean journalBound) {
        this(
                state,
                mutating,
                cancelRequested,
                replacements,
                replacedFromFrontier,
                frontier,
                resultStaged,
                journalBound,
                false);
    }
}
