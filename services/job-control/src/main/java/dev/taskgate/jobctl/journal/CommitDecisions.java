package dev.taskgate.jobctl.journal;

import java.util.Optional;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.jobctl.execution.Execution;

/**
 * Whether a {@code CommitRequested} binds the execution's journal entry (docs/job-control.md "The transaction journal"). Pure; the
 * service applies it under the execution's row lock, so a cancellation and a commit request are ordered. In order:
 * <ol>
 * <li>the entry is already bound by this very request (a redelivery) → grant again;</li>
 * <li>any other request once an entry exists (a second request of the same epoch, another plan, a later epoch) →
 * refused: a rewrite is bound exactly once;</li>
 * <li>not the current epoch, not {@code working}, not a mutating operation → refused;</li>
 * <li>a cancellation was requested before the commit boundary → refused (the operation stops without changes);</li>
 * <li>otherwise → bind and grant.</li>
 * </ol>
 */
public final class CommitDecisions {

    private CommitDecisions() {}

    /** What to do with a commit request. */
    public enum Action {
        /** Insert the journal entry and grant. */
        BIND,
        /** The same request bound it already: grant again, change nothing. */
        GRANT_AGAIN,
        /** Refuse with {@link Decision#reason()}. */
        REFUSE
    }

    /**
     * @param action what to do
     * @param reason the payload-free refusal reason, for {@link Action#REFUSE}
     */
    public record Decision(Action action, String reason) {}

    /** Decides {@code request} for {@code execution} given its journal entry, if any. */
    public static Decision decide(Execution execution, CommitRequested request, Optional<BoundPlan> bound) {
        if (bound.isPresent()) {
            BoundPlan entry = bound.get();
            if (entry.requestMessageId().equals(request.messageId()) && entry.epoch() == request.epoch()) {
                return new Decision(Action.GRANT_AGAIN, null);
            }
            return refuse(
                    entry.plan().planHash().equals(request.plan().planHash())
                            ? "this execution's journal entry is already bound; a plan is committed only once"
                            : "another plan is already bound to this execution's journal entry");
        }
        if (request.epoch() != execution.epoch()) {
            return refuse("epoch " + request.epoch() + " is not the execution's current dispatch");
        }
        if (execution.state() != ExecutionStatus.WORKING) {
            return refuse("the execution is " + execution.state().wireName() + ", not working");
        }
        if (!execution.mutating()) {
            return refuse("only mutating operations commit through the transaction journal");
        }
        if (execution.cancelRequestedAt() != null) {
            return refuse("its cancellation was requested before the commit boundary");
        }
        return new Decision(Action.BIND, null);
    }

    private static Decision refuse(String reason) {
        return new Decision(Action.REFUSE, reason);
    }
}
