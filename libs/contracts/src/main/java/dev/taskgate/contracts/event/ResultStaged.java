package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The result checkpoint: the operation has its tool result and stages it before terminal publication. job-control
 * stores it sealed for this epoch without changing the state; if the owner is lost before {@link Finished} arrives,
 * owner-loss settlement completes the execution with exactly these bytes instead of running the operation again.
 * The worker publishes {@code Finished} only after this record is acknowledged.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the operation staged its result
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param result      the MCP {@code CallToolResult} as the exact JSON text the operation produced (see
 *                    {@link Finished#result()})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ResultStaged(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("result") String result)
        implements WorkerEvent {

    public ResultStaged {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(result, "result");
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.RESULT_STAGED;
    }
}
