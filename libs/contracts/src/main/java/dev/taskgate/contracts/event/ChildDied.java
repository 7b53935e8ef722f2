package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The child process running the execution exited without reporting an outcome. job-control decides
 * what happens to the execution; the worker never re-runs it on its own.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the worker noticed the exit
 * @param executionId the execution that was running
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param childPid    the process that died
 * @param exitCode    its exit status, when known
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ChildDied(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("childPid") Long childPid,
        @JsonProperty("exitCode") Integer exitCode)
        implements WorkerEvent {

    public ChildDied {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.CHILD_DIED;
    }
}
