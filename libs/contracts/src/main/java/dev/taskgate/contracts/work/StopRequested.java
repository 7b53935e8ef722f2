package dev.taskgate.contracts.work;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Cooperative cancellation: the owner asks its child to stop at the next safe point and reports
 * {@code Stopped} (or the outcome it had already reached).
 *
 * @param messageId   unique per record
 * @param occurredAt  when the cancellation was committed
 * @param executionId the execution to stop
 * @param epoch       the dispatch epoch being stopped
 * @param reason      why, for logs
 * @param workerId    when present, only that worker-pool instance acts on the signal: job-control stops a duplicate
 *                    run of the current epoch (the same dispatch redelivered to a second instance) without touching
 *                    the run it recorded as the owner; absent, every instance holding the epoch stops
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record StopRequested(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("reason") String reason,
        @JsonProperty("workerId") String workerId)
        implements ControlSignal {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "StopRequested";

    public StopRequested {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
    }

    /** A stop for every instance holding the epoch. */
    public StopRequested(UUID messageId, Instant occurredAt, UUID executionId, long epoch, String reason) {
        this(messageId, occurredAt, executionId, epoch, reason, null);
    }

    /** Whether the instance {@code instanceId} should act on this signal. */
    public boolean isFor(String instanceId) {
        return workerId == null || workerId.equals(instanceId);
    }
}
