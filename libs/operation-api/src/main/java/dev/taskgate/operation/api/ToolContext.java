package dev.taskgate.operation.api;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/** What a running {@link ToolOperation} may do besides computing its result. Valid only during its call. */
public interface ToolContext {

    /**
     * Reports progress; callers that asked for it see it as MCP progress notifications and REST progress.
     *
     * @param progress increases with every report of one execution
     * @param total the value {@code progress} reaches at the end, or {@code null} when unknown
     * @param message a short human-readable status, or {@code null}
     */
    void progress(double progress, Double total, String message);

    /**
     * Logs a message for the caller: forwarded, best effort, as an MCP {@code notifications/message} to a caller that
     * asked for this level or above; never stored. At most 16 KiB of text.
     */
    void log(ToolLogLevel level, String message);

    /** Whether the caller or an operator asked this execution to stop. */
    boolean isStopRequested();

    /**
     * Waits up to {@code timeout}, returning early when a stop is requested.
     *
     * @return {@code true} if a stop was requested (before or during the wait)
     */
    boolean awaitStop(Duration timeout) throws InterruptedException;

    /**
     * Asks the caller for input and blocks until every request is answered (the execution is {@code input_required}
     * meanwhile; its deadline keeps running).
     *
     * @param requests keys unique within this execution → MCP {@code InputRequest} objects, e.g. {@code {"method":
     *     "elicitation/create", "params": {...}}}
     * @return the caller's {@code InputResponse} for every key
     * @throws ToolStoppedException when a stop is requested before every request is answered
     */
    Map<String, JsonNode> requestInput(Map<String, JsonNode> requests)
            throws ToolStoppedException, InterruptedException;

    /**
     * The caller's workspace, read-only: present when the catalog entry says {@code "workspace": true} and worker-pool
     * has a workspace registered for the execution's organization and project.
     */
    Optional<WorkspaceReader> workspace();

    /**
     * Saves a file callers can download (e.g. a rendered picture) in the execution's workspace; link it from the
     * result with {@link ToolResults#resourceLink}. Blocks until it is stored.
     *
     * @param name the file name callers see: 1–200 characters, no control characters, slashes or quotes
     * @param mediaType lower-case {@code type/subtype}, optionally with {@code ; charset=...}
     * @param content at most 512 KiB
     * @throws IllegalArgumentException when an argument is refused
     * @throws IllegalStateException when it could not be stored (e.g. no workspace for this execution)
     */
    ArtifactLink saveArtifact(String name, String mediaType, byte[] content);
}
