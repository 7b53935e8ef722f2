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
        @JsonProperty("message") String message)
        implements WorkerEvent {

    public Failed {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.FAILED;
    }
}
