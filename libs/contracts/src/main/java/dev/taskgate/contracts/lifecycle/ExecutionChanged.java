package dev.taskgate.contracts.lifecycle;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

/**
 * job-control outbox → {@code taskgate.lifecycle.v1}: an execution changed state. Thin by design:
 * never the input or the result.
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
        @JsonProperty("surface") Surface surface) {

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

    /** The record's type name, serialised as {@code type}. */
    @JsonProperty("type")
    public String type() {
        return TYPE;
    }
}
