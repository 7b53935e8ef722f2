package dev.taskgate.jobctl.recovery;

import java.util.Objects;

/**
 * What happens to one execution whose owner was lost.
 *
 * @param action    the kind of settlement
 * @param frontier  where the replacement starts, for {@link Action#REPLACE}; otherwise {@code null}
 * @param errorCode the failure code, for {@link Action#FAIL}; otherwise {@code null}
 * @param message   the caller-facing text: the status message of a replacement, a cancellation or a completion from
 *                  the staged result, the error message of a failure; {@code null} for {@link Action#IGNORE}
 */
public record OwnerLossVerdict(Action action, String frontier, String errorCode, String message) {

    public OwnerLossVerdict {
        Objects.requireNonNull(action, "action");
    }

    /** The kinds of settlement. */
    public enum Action {
        /** Dispatch again under a new epoch, from {@link #frontier()}. */
        REPLACE,
        /** End {@code failed} with {@link #errorCode()} and {@link #message()}. */
        FAIL,
        /** End {@code cancelled}: a cancellation was requested before the loss. */
        CANCEL,
        /** Nothing to settle: the execution is not running under the lost owner. */
        IGNORE,
        /** End {@code completed} with the exact result the lost epoch staged; nothing runs again. */
        PUBLISH_STAGED,
        /**
         * Dispatch a reconciliation run under a new epoch, from {@link #frontier()} = {@value
         * OwnerLossDecisions#JOURNAL}: it reconstructs the outcome of the bound rewrite from the journal and the files;
         * the rewrite is never planned or applied again.
         */
        RECONCILE
    }
}
