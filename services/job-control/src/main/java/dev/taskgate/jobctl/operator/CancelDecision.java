package dev.taskgate.jobctl.operator;

import java.util.Optional;

import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.jobctl.execution.Execution;

/**
 * What an operator's cancel does to an execution in its current state (docs/mcp-frontend.md "Operator API"), checked in
 * this order: terminal → nothing; queued → cancelled at once (no code ran, so even a non-cancellable operation
 * may go); running an operation the catalog marks {@code cancellable: false} → nothing; running with a stop already
 * requested → nothing; running → request a stop.
 */
public enum CancelDecision {
    /** Completed, failed or cancelled: nothing changes. */
    ALREADY_TERMINAL,
    /** Queued: cancelled at once. */
    CANCEL_QUEUED,
    /** Running an operation that cannot stop safely: nothing changes. */
    UNSUPPORTED,
    /** Running and already asked to stop: nothing changes, no second stop is sent. */
    STOP_ALREADY_REQUESTED,
    /** Running: record the request and send a stop for the current epoch. */
    REQUEST_STOP;

    /** The decision for this execution of this operation (empty: no longer in the catalog, treated as cancellable). */
    public static CancelDecision of(Execution execution, Optional<OperationSpec> operation) {
        switch (execution.state()) {
            case COMPLETED:
            case FAILED:
            case CANCELLED:
                return ALREADY_TERMINAL;
            case QUEUED:
                return CANCEL_QUEUED;
            default:
                if (operation.isPresent() && !operation.get().isCancellable()) {
                    return UNSUPPORTED;
                }
                return execution.cancelRequestedAt() != null ? STOP_ALREADY_REQUESTED : REQUEST_STOP;
        }
    }
}
