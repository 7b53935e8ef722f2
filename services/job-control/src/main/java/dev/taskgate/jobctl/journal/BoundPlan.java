package dev.taskgate.jobctl.journal;

import java.util.Objects;
import java.util.UUID;

import dev.taskgate.contracts.journal.JournalEntry;

/**
 * The journal entry of one execution: the plan bound to it and the request that bound it.
 *
 * @param epoch            the dispatch epoch that asked
 * @param requestMessageId the {@code CommitRequested} that bound it (a redelivery of it is granted again)
 * @param plan             the bound plan
 */
public record BoundPlan(long epoch, UUID requestMessageId, JournalEntry plan) {

    public BoundPlan {
        Objects.requireNonNull(requestMessageId, "requestMessageId");
        Objects.requireNonNull(plan, "plan");
    }
}
