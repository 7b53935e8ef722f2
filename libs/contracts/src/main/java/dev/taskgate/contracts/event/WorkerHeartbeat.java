package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * worker-pool → job-control on {@code taskgate.worker-heartbeats.v1}, keyed by worker instance:
 * the instance is alive and holds these executions.
 *
 * @param messageId  unique per record
 * @param occurredAt when the heartbeat was sent
 * @param workerId   the worker-pool instance
 * @param held       the executions it is running, with their epochs
 * @param leaving    {@code true} on the last heartbeat of an instance that is shutting down cleanly: it gave up
 *                   every execution it still owned, so job-control settles them at once instead of waiting for
 *                   the heartbeat timeout; absent (read as {@code false}) on every other heartbeat
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkerHeartbeat(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("held") List<HeldExecution> held,
        @JsonProperty("leaving") Boolean leaving) {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "WorkerHeartbeat";

    public WorkerHeartbeat {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(workerId, "workerId");
        held = held == null ? List.of() : List.copyOf(held);
    }

    /** A regular heartbeat of a running instance (not leaving). */
    public WorkerHeartbeat(UUID messageId, Instant occurredAt, String workerId, List<HeldExecution> held) {
        this(messageId, occurredAt, workerId, held, null);
    }

    /** Whether this is the last heartbeat of an instance that shuts down cleanly. */
    @JsonIgnore
    public boolean isLeaving() {
        return Boolean.TRUE.equals(leaving);
    }

    /** The record's type name, serialised as {@code type}. */
    @JsonProperty("type")
    public String type() {
        return TYPE;
    }

    /**
     * One execution a worker holds.
     *
     * @param executionId the execution
     * @param epoch       the dispatch epoch it runs under
     */
    public record HeldExecution(
            @JsonProperty("executionId") UUID executionId,
            @JsonProperty("epoch") long epoch) {}
}
