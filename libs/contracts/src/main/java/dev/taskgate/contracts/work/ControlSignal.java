package dev.taskgate.contracts.work;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * job-control → worker-pool on {@code taskgate.control.v1}. Every worker instance reads every signal
 * and acts only on executions it holds under the signal's epoch.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = StopRequested.class, name = "StopRequested"),
    @JsonSubTypes.Type(value = InputProvided.class, name = "InputProvided"),
    @JsonSubTypes.Type(value = CommitGranted.class, name = "CommitGranted"),
    @JsonSubTypes.Type(value = CommitRefused.class, name = "CommitRefused")
})
public sealed interface ControlSignal permits StopRequested, InputProvided, CommitGranted, CommitRefused {

    /** Unique per record. */
    UUID messageId();

    /** When job-control committed the signal. */
    Instant occurredAt();

    /** The execution concerned. */
    UUID executionId();

    /** The dispatch epoch the signal is meant for. */
    long epoch();
}
