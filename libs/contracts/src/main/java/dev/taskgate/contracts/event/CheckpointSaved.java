package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An intermediate frontier of a long read-only operation: where a replacement could continue. job-control keeps the
 * latest one per execution (a higher sequence, the current epoch, a running read-only execution) authenticated with
 * its checkpoint key; a replacement after an owner loss receives it in {@code RunOperation.checkpoint}.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the operation saved it
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param sequence    increasing per execution across epochs (a replacement continues the numbering), from 1
 * @param revision    the source revision the frontier was computed on
 * @param frontier    the operation's own JSON text, carried as a string so that no hop re-serialises it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CheckpointSaved(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("sequence") long sequence,
        @JsonProperty("revision") String revision,
        @JsonProperty("frontier") String frontier)
        implements WorkerEvent {

    public CheckpointSaved {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(revision, "revision");
        Objects.requireNonNull(frontier, "frontier");
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence starts at 1");
        }
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.CHECKPOINT_SAVED;
    }
}
