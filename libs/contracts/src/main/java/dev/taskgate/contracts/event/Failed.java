package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The execution itself broke (not a tool error, which is a {@link Finished} result with
 * {@code isError: true}).
 *
 * @param messageId   unique per record
 * @param occurredAt  when the worker observed the failure
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param code        a stable machine-readable reason, e.g. {@code operation_crashed}
 * @param message     a human-readable explanation safe to show the caller
 * @param startedAt   present when this end stands for the run's {@code Started} too: worker-pool held that report
 *                    back and the run ended first; when the run began, on the worker's clock (with
 *                    {@code occurredAt}, how long it ran)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Failed(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("code") String code,
        @JsonProperty("message") String message,
        @JsonProperty("startedAt") Instant startedAt)
        implements WorkerEvent {

    public Failed {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    /** An end reported after its run's {@code Started} (no {@code startedAt}). */
    public Failed(
            UUID messageId,
            Instant occurredAt,
            UUID executionId,
            long epoch,
            String workerId,
            String code,
            String message) {
        this(messageId, occurredAt, executionId, epoch, workerId, code, message, null);
    }

    /** This end standing for the run's {@code Started} too, the run having begun at {@code runStartedAt}. */
    public Failed withStartedAt(Instant runStartedAt) {
        return new Failed(messageId, occurredAt, executionId, epoch, workerId, code, message, runStartedAt);
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.FAILED;
    }
}
