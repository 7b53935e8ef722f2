package dev.taskgate.jobctl.report;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.ExecutionStateMachine;
import dev.taskgate.jobctl.execution.StateChange;

/**
 * Which state change a worker report asks for (docs/job-control.md "The state machine and worker reports"). Pure: the
 * service applies the answer with compare-and-set.
 */
public final class ReportDecisions {

    /** The status message of an execution waiting for its caller's input. */
    public static final String WAITING_FOR_INPUT = "Waiting for input.";

    private ReportDecisions() {}

    /**
     * The state a report moves an execution to; {@code Progress}, {@code ResultStaged} and {@code CheckpointSaved}
     * (checkpoints) and {@code CommitRequested} (a journal binding) keep the state and have none, and {@code ChildDied}
     * is an owner loss that {@code recovery.OwnerLossDecisions} settles (replace, fail or cancel).
     */
    public static Optional<ExecutionStatus> targetOf(WorkerEvent event) {
        return switch (event.kind()) {
            case STARTED -> Optional.of(ExecutionStatus.WORKING);
            case PROGRESS, CHILD_DIED, RESULT_STAGED, COMMIT_REQUESTED, CHECKPOINT_SAVED, ARTIFACT_SAVED ->
                Optional.empty();
            case FINISHED -> Optional.of(ExecutionStatus.COMPLETED);
            case FAILED -> Optional.of(ExecutionStatus.FAILED);
            case STOPPED -> Optional.of(ExecutionStatus.CANCELLED);
            case INPUT_REQUESTED -> Optional.of(ExecutionStatus.INPUT_REQUIRED);
        };
    }

    /**
     * The change {@code event} makes to {@code execution}, or empty when it must change nothing: another epoch,
     * a progress report, a child death (settled as an owner loss instead), or a transition the state machine
     * forbids (e.g. a repeated or late report). A {@code Finished} completes a queued execution only when it stands for
     * its run's {@code Started} ({@link WorkerEvent#runStartedAt}); a {@code Failed} or {@code Stopped} may end one
     * either way (a dispatch refused or stopped before it ran reports no start).
     */
    public static Optional<StateChange> decide(Execution execution, WorkerEvent event, Instant now) {
        if (event.epoch() != execution.epoch()) {
            return Optional.empty();
        }
        Optional<ExecutionStatus> target = targetOf(event);
        if (target.isEmpty() || !ExecutionStateMachine.canMove(execution.state(), target.get())) {
            return Optional.empty();
        }
        if (execution.state() == ExecutionStatus.QUEUED
                && event.kind() == WorkerEvent.Kind.FINISHED
                && WorkerEvent.runStartedAt(event) == null) {
            // a result without a run: only an end that stands for its run's Started completes a queued execution
            return Optional.empty();
        }
        StateChange change = StateChange.of(execution, target.get(), now);
        return Optional.of(
                switch (event.kind()) {
                    case STARTED,
                            PROGRESS,
                            CHILD_DIED,
                            RESULT_STAGED,
                            COMMIT_REQUESTED,
                            CHECKPOINT_SAVED,
                            ARTIFACT_SAVED -> change;
                    case FINISHED ->
                        change.withResult(((Finished) event).result().getBytes(StandardCharsets.UTF_8));
                    case FAILED -> change.withError(((Failed) event).code(), ((Failed) event).message());
                    case STOPPED -> change.withStatusMessage(((Stopped) event).message());
                    case INPUT_REQUESTED -> change.withStatusMessage(WAITING_FOR_INPUT);
                });
    }

    /** The payload-free summary of a change, for {@code ExecutionChanged}. */
    public static String summaryOf(StateChange change) {
        return change.to() == ExecutionStatus.FAILED
                ? "failed: " + change.errorCode()
                : change.to().wireName();
    }
}
