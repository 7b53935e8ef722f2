package dev.taskgate.jobctl.execution;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import dev.taskgate.contracts.ExecutionStatus;

/**
 * The transition table of an execution: the only place that says which state may follow which. Every writer of
 * {@code execution.state} asks here first and then applies the change with a compare-and-set on (state, epoch).
 *
 * <p>A running execution goes back to {@code queued} only when its owner was lost and it is replaced under a new
 * epoch (issue 6); no worker report asks for {@code queued}.
 */
public final class ExecutionStateMachine {

    private static final Map<ExecutionStatus, Set<ExecutionStatus>> NEXT = new EnumMap<>(ExecutionStatus.class);

    static {
        NEXT.put(
                ExecutionStatus.QUEUED,
                // a quick run reports its end alone (docs/job-control.md "The state machine and worker reports")
                EnumSet.of(
                        ExecutionStatus.WORKING,
                        ExecutionStatus.COMPLETED,
                        ExecutionStatus.CANCELLED,
                        ExecutionStatus.FAILED));
        NEXT.put(
                ExecutionStatus.WORKING,
                EnumSet.of(
                        ExecutionStatus.QUEUED,
                        ExecutionStatus.INPUT_REQUIRED,
                        ExecutionStatus.COMPLETED,
                        ExecutionStatus.FAILED,
                        ExecutionStatus.CANCELLED));
        NEXT.put(
                ExecutionStatus.INPUT_REQUIRED,
                EnumSet.of(
                        ExecutionStatus.QUEUED,
                        ExecutionStatus.WORKING,
                        ExecutionStatus.COMPLETED,
                        ExecutionStatus.FAILED,
                        ExecutionStatus.CANCELLED));
        NEXT.put(ExecutionStatus.COMPLETED, EnumSet.noneOf(ExecutionStatus.class));
        NEXT.put(ExecutionStatus.FAILED, EnumSet.noneOf(ExecutionStatus.class));
        NEXT.put(ExecutionStatus.CANCELLED, EnumSet.noneOf(ExecutionStatus.class));
    }

    private ExecutionStateMachine() {}

    /** Whether an execution in {@code from} may move to {@code to}. Staying in the same state is not a move. */
    public static boolean canMove(ExecutionStatus from, ExecutionStatus to) {
        return NEXT.get(from).contains(to);
    }
}
