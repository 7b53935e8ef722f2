package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * worker-pool → job-control on {@code taskgate.worker-events.v1}, keyed by execution id. Each is a
 * report job-control accepts or rejects; only reports for the current epoch can change state.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Started.class, name = "Started"),
    @JsonSubTypes.Type(value = Progress.class, name = "Progress"),
    @JsonSubTypes.Type(value = Finished.class, name = "Finished"),
    @JsonSubTypes.Type(value = Failed.class, name = "Failed"),
    @JsonSubTypes.Type(value = Stopped.class, name = "Stopped"),
    @JsonSubTypes.Type(value = ChildDied.class, name = "ChildDied"),
    @JsonSubTypes.Type(value = InputRequested.class, name = "InputRequested"),
    @JsonSubTypes.Type(value = ResultStaged.class, name = "ResultStaged"),
    @JsonSubTypes.Type(value = CommitRequested.class, name = "CommitRequested"),
    @JsonSubTypes.Type(value = CheckpointSaved.class, name = "CheckpointSaved"),
    @JsonSubTypes.Type(value = ArtifactSaved.class, name = "ArtifactSaved")
})
public sealed interface WorkerEvent
        permits Started,
                Progress,
                Finished,
                Failed,
                Stopped,
                ChildDied,
                InputRequested,
                ResultStaged,
                CommitRequested,
                CheckpointSaved,
                ArtifactSaved {

    /** Unique per record. */
    UUID messageId();

    /** When the worker observed it. */
    Instant occurredAt();

    /** The execution concerned. */
    UUID executionId();

    /** The dispatch epoch the worker runs under. */
    long epoch();

    /** The reporting worker-pool instance. */
    String workerId();

    /** The kind, for exhaustive switches. */
    Kind kind();

    /**
     * When the run began, if {@code event} is an end ({@code Finished}, {@code Failed}, {@code Stopped}) that stands for
     * its run's {@code Started} too, which worker-pool then never sent; otherwise {@code null}.
     */
    static Instant runStartedAt(WorkerEvent event) {
        if (event instanceof Finished finished) {
            return finished.startedAt();
        }
        if (event instanceof Failed failed) {
            return failed.startedAt();
        }
        return event instanceof Stopped stopped ? stopped.startedAt() : null;
    }

    /** Event kinds. */
    enum Kind {
        STARTED,
        PROGRESS,
        FINISHED,
        FAILED,
        STOPPED,
        CHILD_DIED,
        INPUT_REQUESTED,
        RESULT_STAGED,
        COMMIT_REQUESTED,
        CHECKPOINT_SAVED,
        ARTIFACT_SAVED
    }
}
