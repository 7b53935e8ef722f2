package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The operation returned a tool result. A result with {@code isError: true} is still a finished
 * execution: the execution ends {@code completed} with that result.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the operation returned
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param result      the MCP {@code CallToolResult} as the exact JSON text the operation produced; it is
 *                    carried as a string so that no hop re-serialises it
 * @param startedAt   present when this end stands for the run's {@code Started} too: worker-pool held that report
 *                    back and the run ended first; when the run began, on the worker's clock (with
 *                    {@code occurredAt}, how long it ran)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Finished(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("result") String result,
        @JsonProperty("startedAt") Instant startedAt)
        implements WorkerEvent {

    public Finished {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(result, "result");
    }

    /** An end reported after its run's {@code Started} (no {@code startedAt}). */
    public Finished(UUID messageId, Instant occurredAt, UUID executionId, long epoch, String workerId, String result) {
        this(messageId, occurredAt, executionId, epoch, workerId, result, null);
    }

    /** This end standing for the run's {@code Started} too, the run having begun at {@code runStartedAt}. */
    public Finished withStartedAt(Instant runStartedAt) {
        return new Finished(messageId, occurredAt, executionId, epoch, workerId, result, runStartedAt);
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.FINISHED;
    }
}
