package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.journal.JournalEntry;

/**
 * A mutating operation planned its changes and asks to cross the commit boundary: job-control binds the plan to
 * the transaction journal entry of this execution exactly once and answers {@code CommitGranted} or
 * {@code CommitRefused} on {@code taskgate.control.v1}. Nothing is touched before the grant.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the operation asked
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param plan        the plan: its hash, summary and per-file pre-/post-image hashes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitRequested(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("plan") JournalEntry plan)
        implements WorkerEvent {

    public CommitRequested {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(plan, "plan");
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.COMMIT_REQUESTED;
    }
}
