package dev.taskgate.worker.child;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.artifact.ArtifactException;
import dev.taskgate.worker.child.artifact.ArtifactRef;
import dev.taskgate.worker.child.journal.CommitRefusedException;
import dev.taskgate.worker.child.journal.RewritePlan;
import dev.taskgate.worker.child.workspace.Workspace;

/**
 * What a running operation may do besides computing its result: report progress, notice stop requests and ask
 * the caller for input.
 */
public interface OperationContext {

    /**
     * Reports progress to the parent.
     *
     * @param progress increases with every report of one run
     * @param total    the value {@code progress} reaches at the end, or {@code null} when unknown
     * @param message  a short human-readable status
     */
    void progress(double progress, Double total, String message);

    /**
     * Logs a message for the caller: forwarded, best effort, as an MCP {@code notifications/message} to a caller
     * that asked for messages of this level or above while it waits for the result; never stored.
     *
     * @param level  the severity
     * @param logger the part of the operation that logs it, or {@code null}
     * @param data   the message, any JSON value (usually a string), at most {@value ProtocolWriter#MAX_LOG_BYTES}
     *               bytes as JSON
     * @throws IllegalArgumentException when {@code data} is larger, or {@code logger} longer than
     *                                  {@value ProtocolWriter#MAX_LOGGER_LENGTH} characters
     */
    void log(OperationLogLevel level, String logger, JsonNode data);

    /** Whether the parent asked this run to stop. */
    boolean isStopRequested();

    /**
     * Waits up to {@code timeout} and returns early when a stop is requested.
     *
     * @return {@code true} if a stop was requested (before or during the wait)
     */
    boolean awaitStop(Duration timeout) throws InterruptedException;

    /**
     * Asks the caller for input and blocks until every request is answered or a stop is requested (the execution
     * is {@code input_required} meanwhile; its deadline keeps running).
     *
     * @param requests keys chosen by the operation, unique within this run (a key is never asked twice) → MCP
     *                 {@code InputRequest} objects ({@code {"method": "elicitation/create", "params": {...}}})
     * @return the caller's {@code InputResponse} for every key of {@code requests}
     * @throws OperationStoppedException when a stop is requested before every request is answered
     * @throws InterruptedException      when the child is shutting down
     * @throws IllegalArgumentException  when {@code requests} is empty, reuses a key or holds a non-object
     */
    Map<String, JsonNode> requestInput(Map<String, JsonNode> requests)
            throws OperationStoppedException, InterruptedException;

    /**
     * Stages the result checkpoint: {@code callToolResult} is sent to job-control (as {@code ResultStaged}) before
     * anything the operation reports later, and stored there sealed. If this run's owner is lost afterwards, the
     * execution completes with exactly these bytes and is not run again. The operation should return the same text
     * from {@link Operation#run}; work after staging must be safe to lose.
     *
     * @param callToolResult the MCP {@code CallToolResult} as compact JSON text
     * @throws UnsupportedOperationException where the context cannot stage (the default)
     */
    default void stageResult(String callToolResult) {
        throw new UnsupportedOperationException("this context cannot stage results");
    }

    /**
     * Stages the result checkpoint of an operation over a workspace, bound to the files it was computed on: the
     * staged result reaches the caller after an owner loss only through a replacement that finds {@code sources}
     * unchanged (docs/worker-pool.md); otherwise the replacement runs afresh. A context that cannot bind stages it
     * as {@link #stageResult(String)} does.
     *
     * @param callToolResult the MCP {@code CallToolResult} as compact JSON text
     * @param sources        the listing seen and the files read
     */
    default void stageResult(String callToolResult, StagedSources sources) {
        stageResult(callToolResult);
    }

    /**
     * Asks to cross the commit boundary with {@code plan} (transaction journal, docs/job-control.md): job-control binds
     * it to this execution's journal entry exactly once and grants it; only then may the operation apply it (e.g.
     * with {@link dev.taskgate.worker.child.journal.JournaledFiles#apply}). Never call it with an empty plan: a plan
     * that changes nothing, or that the operation decides not to apply, never binds. After the grant a stop request
     * no longer stops the rewrite: the operation finishes applying and reports what it did.
     *
     * @throws CommitRefusedException    when job-control refused to bind the plan; nothing may be changed
     * @throws OperationStoppedException when a stop is requested before the answer arrives; nothing may be changed
     * @throws InterruptedException      when the child is shutting down
     * @throws IllegalArgumentException  when the plan is empty
     */
    /**
     * The workspace this run works over: present only for operations whose catalog entry needs a workspace, as the
     * worker registered it for the execution's {@code <org>/<project>} (read it with
     * {@link dev.taskgate.worker.child.workspace.WorkspaceFiles}).
     */
    default Optional<Workspace> workspace() {
        return Optional.empty();
    }

    /**
     * The authenticated frontier this run may continue from (a replacement after an owner loss), if any. The
     * operation must compare {@link FrontierResume#revision()} with the current revision of its source and start
     * afresh on any mismatch or on a frontier it cannot read.
     */
    default Optional<FrontierResume> resumeFrom() {
        return Optional.empty();
    }

    /**
     * Saves an intermediate frontier (sent as {@code CheckpointSaved}; job-control keeps the latest, authenticated
     * with its checkpoint key). Read-only operations only: a rewrite commits through the journal instead.
     *
     * @param revision the source revision the frontier was computed on
     * @param frontier the operation's own compact JSON text
     */
    default void saveCheckpoint(String revision, String frontier) {
        throw new UnsupportedOperationException("this context cannot save checkpoints");
    }

    default void requestCommit(RewritePlan plan)
            throws CommitRefusedException, OperationStoppedException, InterruptedException {
        throw new UnsupportedOperationException("this context cannot commit");
    }

    /**
     * Saves an artifact in this execution's workspace (sent as {@code ArtifactSaved}, ahead of the run's result, so a
     * result may link it). Any principal granted the workspace may read it at {@link ArtifactRef#path()} until its
     * retention ends. Blocks until the worker has handed it to Kafka.
     *
     * @param name      the file name callers see: 1–200 characters, no control characters, slashes or quotes
     * @param mediaType lower-case {@code type/subtype}, optionally {@code ; charset=...}, e.g. {@code image/svg+xml}
     * @param content   at most 512 KiB
     * @param key       a retention key unique within the workspace (e.g. {@code graph/<identity>/<revision>}) by which
     *                  later operations {@link #loadArtifact load} it; a later save under the same key replaces the
     *                  content (latest wins). Without a key the artifact is content-addressed.
     * @return where callers find it; the same artifact saved again (a retry, a replacement) gets the same id
     * @throws IllegalArgumentException      when an argument is refused (too large, bad name, media type or key)
     * @throws ArtifactException             when the worker could not store it (e.g. no workspace for this execution)
     * @throws UnsupportedOperationException where the context cannot save artifacts (the default)
     */
    default ArtifactRef saveArtifact(String name, String mediaType, byte[] content, Optional<String> key) {
        throw new UnsupportedOperationException("this context cannot save artifacts");
    }

    /**
     * Reads the artifact retained under {@code key} in this execution's workspace.
     *
     * @return its content, or empty when no unexpired artifact has that key
     * @throws ArtifactException             when job-control could not be asked
     * @throws UnsupportedOperationException where the context cannot load artifacts (the default)
     */
    default Optional<byte[]> loadArtifact(String key) {
        throw new UnsupportedOperationException("this context cannot load artifacts");
    }
}
