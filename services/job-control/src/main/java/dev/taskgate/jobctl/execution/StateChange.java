package dev.taskgate.jobctl.execution;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import dev.taskgate.contracts.ExecutionStatus;

/**
 * A state change applied with compare-and-set: it takes effect only while the execution is still in {@code from}
 * under {@code epoch}. Build it with {@link #of}, which refuses moves the {@link ExecutionStateMachine} forbids.
 *
 * @param executionId       the execution
 * @param from              the state the change was decided on
 * @param epoch             the epoch the change was decided on
 * @param to                the new state
 * @param at                when the change happens
 * @param statusMessage     a new status message, or {@code null} to keep the current one
 * @param errorCode         the failure code, for {@code failed}
 * @param errorMessage      the failure message, for {@code failed}
 * @param result            the exact result bytes, for {@code completed}
 * @param cancelRequestedAt when cancellation was requested, or {@code null} to keep the current value
 */
public record StateChange(
        UUID executionId,
        ExecutionStatus from,
        long epoch,
        ExecutionStatus to,
        Instant at,
        String statusMessage,
        String errorCode,
        String errorMessage,
        byte[] result,
        Instant cancelRequestedAt) {

    /** A change with no payload; add details with the {@code with*} methods. */
    public static StateChange of(Execution execution, ExecutionStatus to, Instant at) {
        if (!ExecutionStateMachine.canMove(execution.state(), to)) {
            throw new IllegalArgumentException("illegal transition " + execution.state() + " -> " + to);
        }
        return new StateChange(
                execution.id(), execution.state(), execution.epoch(), to, at, null, null, null, null, null);
    }

    /** The same change, also setting the status message. */
    public StateChange withStatusMessage(String message) {
        return new StateChange(
                executionId, from, epoch, to, at, message, errorCode, errorMessage, result, cancelRequestedAt);
    }

    /** The same change, also recording why it failed. */
    public StateChange withError(String code, String message) {
        Objects.requireNonNull(code, "code");
        return new StateChange(executionId, from, epoch, to, at, message, code, message, result, cancelRequestedAt);
    }

    /** The same change, also storing the exact result bytes. */
    public StateChange withResult(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        return new StateChange(
                executionId, from, epoch, to, at, statusMessage, errorCode, errorMessage, bytes, cancelRequestedAt);
    }

    /** The same change, also recording when cancellation was requested. */
    public StateChange withCancelRequestedAt(Instant when) {
        return new StateChange(executionId, from, epoch, to, at, statusMessage, errorCode, errorMessage, result, when);
    }
}
