package dev.taskgate.contracts.work;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.journal.JournalFile;

/**
 * The plan of {@code CommitRequested} was not bound: the operation must not apply it and ends without changes.
 *
 * @param messageId   unique per record
 * @param occurredAt  when job-control decided
 * @param executionId the execution
 * @param epoch       the dispatch epoch the request came from
 * @param planHash    the plan that was refused
 * @param reason      why, payload-free (e.g. another plan is already bound, the execution is being cancelled)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitRefused(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("planHash") String planHash,
        @JsonProperty("reason") String reason)
        implements ControlSignal {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "CommitRefused";

    public CommitRefused {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        JournalFile.requireHash(planHash, "planHash");
        Objects.requireNonNull(reason, "reason");
    }
}
