package dev.taskgate.worker.report;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.event.ArtifactSaved;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.ResultStaged;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.execution.ExecutionKey;

/** Builds worker events stamped with a fresh message id, the current time and this instance's worker id. */
@ApplicationScoped
public class WorkerEvents {
    private final Clock clock;
    private final Supplier<UUID> messageIds;
    private final String workerId;

    @Inject
    WorkerEvents(Clock clock, Supplier<UUID> messageIds, WorkerConfig config) {
        this.clock = clock;
        this.messageIds = messageIds;
        this.workerId = config.instanceId();
    }

    /** The operation began running in the child {@code childPid}. */
    public Started started(ExecutionKey key, long childPid) {
        return new Started(messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, childPid);
    }

    /** The operation reported progress. */
    public Progress progress(ExecutionKey key, double progress, Double total, String message) {
        return new Progress(
                messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, progress, total, message);
    }

    /** The operation logged a message for the caller ({@code line}: the child's {@code {level, logger?, data}}). */
    public LogMessage logMessage(ExecutionKey key, JsonNode line) {
        return new LogMessage(
                messageIds.get(),
                clock.instant(),
                key.executionId(),
                key.epoch(),
                workerId,
                LogLevel.of(line.path("level").asText()).orElseThrow(),
                line.path("logger").isTextual() ? line.get("logger").asText() : null,
                line.get("data"));
    }

    /** The operation returned this exact {@code CallToolResult} text. */
    public Finished finished(ExecutionKey key, String result) {
        return new Finished(messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, result);
    }

    /** The operation staged this exact {@code CallToolResult} text as its result checkpoint. */
    public ResultStaged resultStaged(ExecutionKey key, String result) {
        return new ResultStaged(messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, result);
    }

    /** The operation asks to commit this plan. */
    public CommitRequested commitRequested(ExecutionKey key, JournalEntry plan) {
        return new CommitRequested(messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, plan);
    }

    /** The operation saved an intermediate frontier. */
    public CheckpointSaved checkpointSaved(ExecutionKey key, long sequence, String revision, String frontier) {
        return new CheckpointSaved(
                messageIds.get(),
                clock.instant(),
                key.executionId(),
                key.epoch(),
                workerId,
                sequence,
                revision,
                frontier);
    }

    /** The operation saved an artifact (its fields already checked and its id computed). */
    public ArtifactSaved artifactSaved(
            ExecutionKey key,
            String artifactId,
            String name,
            String mediaType,
            String sha256,
            long size,
            String artifactKey,
            String contentBase64) {
        return new ArtifactSaved(
                messageIds.get(),
                clock.instant(),
                key.executionId(),
                key.epoch(),
                workerId,
                artifactId,
                name,
                mediaType,
                sha256,
                size,
                artifactKey,
                contentBase64);
    }

    /** The execution broke or was refused. */
    public Failed failed(ExecutionKey key, FailureCode code, String message) {
        return new Failed(
                messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, code.wireValue(), message);
    }

    /**
     * What is delivered instead of the terminal event {@code refused} when the broker refuses it for its size
     * ({@code why}): the run ended, but its outcome cannot reach job-control.
     */
    public Failed outcomeTooLarge(WorkerEvent refused, String why) {
        Failed failed = failed(
                new ExecutionKey(refused.executionId(), refused.epoch()),
                FailureCode.OUTCOME_TOO_LARGE,
                "The operation ended, but its outcome is too large to deliver: " + why);
        // an end that stood for its run's Started still does: that report was never sent
        return failed.withStartedAt(WorkerEvent.runStartedAt(refused));
    }

    /** What ends a run whose request for input the broker refused for its size ({@code why}). */
    public Failed inputRequestTooLarge(ExecutionKey key, String why) {
        return failed(
                key,
                FailureCode.INPUT_REQUEST_TOO_LARGE,
                "The operation asked for input, but its request is too large to deliver: " + why);
    }

    /** The execution ended because a stop was requested. */
    public Stopped stopped(ExecutionKey key, String message) {
        return new Stopped(messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, message);
    }

    /** The child running the execution exited without an outcome. */
    public ChildDied childDied(ExecutionKey key, long childPid, int exitCode) {
        return new ChildDied(
                messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, childPid, exitCode);
    }

    /** The operation asks for input: its own keys → MCP {@code InputRequest} objects. */
    public InputRequested inputRequested(ExecutionKey key, JsonNode requests) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        requests.properties().forEach(e -> map.put(e.getKey(), e.getValue()));
        return new InputRequested(messageIds.get(), clock.instant(), key.executionId(), key.epoch(), workerId, map);
    }

    /** This instance's worker id. */
    public String workerId() {
        return workerId;
    }
}
