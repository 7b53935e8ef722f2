package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Progress reported by the operation. Also published, best effort, on {@code taskgate.progress.v1}
 * for frontends streaming progress to callers.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the operation reported it
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param progress    increases with every report of one execution
 * @param total       the value {@code progress} reaches at the end, when known
 * @param message     a short human-readable status
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Progress(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("progress") double progress,
        @JsonProperty("total") Double total,
        @JsonProperty("message") String message)
        implements WorkerEvent {

    public Progress {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.PROGRESS;
    }
}
