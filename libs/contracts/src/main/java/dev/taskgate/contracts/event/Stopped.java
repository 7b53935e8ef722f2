package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The operation observed a stop request at a safe point and stopped without a result.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the child stopped
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param message     what the operation had done when it stopped
 * @param startedAt   present when this end stands for the run's {@code Started} too: worker-pool held that report
 *                    back and the run ended first; when the run began, on the worker's clock (with
 *                    {@code occurredAt}, how long it ran)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Stopped(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("message") String message,
        @JsonProperty("startedAt") Instant startedAt)
        implements WorkerEvent {

    public Stopped {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
    }

    /** An end reported after its run's {@code Started} (no {@code startedAt}). */
    public Stopped(UUID messageId, Instant occurredAt, UUID executionId, long epoch, String workerId, String message) {
        this(messageId, occurredAt, executionId, epoch, workerId, message, null);
    }

    /** This end standing for the run's {@code Started} too, the run having begun at {@code runStartedAt}. */
    public Stopped withStartedAt(Instant runStartedAt) {
        return new Stopped(messageId, occurredAt, executionId, epoch, workerId, message, runStartedAt);
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.STOPPED;
    }
}
