package dev.taskgate.contracts.lifecycle;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

/**
 * job-control outbox → {@code taskgate.lifecycle.v1}: an execution changed state. Thin by design: never the input, and
 * the result only sealed, for the frontends — the {@code outcome} of a run that ended, when small (docs/kafka.md
 * "The outcome on a terminal lifecycle record").
 *
 * @param messageId   unique per record
 * @param occurredAt  when the change was committed
 * @param executionId the execution
 * @param state       the new state
 * @param createdAt   when the execution was created
 * @param updatedAt   when this change happened
 * @param summary     a short, payload-free description (e.g. "completed", "failed: deadline exceeded")
 * @param orgId       the organization, so subscribers can route without a lookup
 * @param projectId   the project, so subscribers can route without a lookup
 * @param principal   the execution's owner ({@link dev.taskgate.contracts.Caller#principal()} form), so that
 *                    webhook-dispatcher can mint the public handle the caller saw; absent from older producers
 * @param surface     the API generation the execution was created through (part of its public handle); absent
 *                    from older producers
 * @param outcome     on a terminal change reported by the execution's run: the {@link
 *                    dev.taskgate.contracts.ExecutionOutcome} job-control's outcome read would answer, sealed on the
 *                    wire (a payload member, opened only by holders of the payload key ring); absent when the result
 *                    is larger than job-control's bound, on any other change, and from older producers
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ExecutionChanged(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("state") ExecutionStatus state,
        @JsonProperty("createdAt") Instant createdAt,
        @JsonProperty("updatedAt") Instant updatedAt,
        @JsonProperty("summary") String summary,
        @JsonProperty("orgId") String orgId,
        @JsonProperty("projectId") String projectId,
        @JsonProperty("principal") String principal,
        @JsonProperty("surface") Surface surface,
        @JsonProperty("outcome") JsonNode outcome) {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "ExecutionChanged";

    public ExecutionChanged {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /** The same change without an outcome (a thin record, as every change but a run's end is). */
    public ExecutionChanged(
            UUID messageId,
            Instant occurredAt,
            UUID executionId,
            ExecutionStatus state,
            Instant createdAt,
            Instant updatedAt,
            String summary,
            String orgId,
            String projectId,
            String principal,
            Surface surface) {
        this(
                messageId,
                occurredAt,
                executionId,
                state,
                createdAt,
                updatedAt,
                summary,
                orgId,
                projectId,
                principal,
                surface,
                null);
    }

    /** The record's type name, serialised as {@code type}. */
    @JsonProperty("type")
    public String type() {
        return TYPE;
    }
}
