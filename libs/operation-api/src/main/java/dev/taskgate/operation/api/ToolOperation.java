package dev.taskgate.operation.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An operation of one's own, run by worker-pool in a child JVM like the built-in ones.
 *
 * <p>A plug-in jar provides implementations through {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/dev.taskgate.operation.api.ToolOperation} file) and declares each one's catalog entry in
 * {@code META-INF/taskgate/operations.json} (the format of Taskgate's own {@code schemas/operations/catalog.json}).
 * Every entry needs exactly one implementation with its {@link #name()}, and every implementation an entry.
 *
 * <p>An instance serves many executions, one at a time or concurrently in different children: keep no state per
 * execution in fields. The input has been validated against the entry's input schema before {@link #call} runs.
 */
public interface ToolOperation {

    /** The tool name of its catalog entry, e.g. {@code hoi4.focus_inspect}. */
    String name();

    /**
     * Runs one execution to completion.
     *
     * @param input   the validated input object
     * @param context progress, logging, stop requests, input requests, the workspace and artifacts of this execution
     * @return the MCP {@code CallToolResult} as compact JSON text (see {@link ToolResults}); callers receive these
     *     bytes unchanged. A tool-level failure is a result with {@code "isError": true}, not an exception
     * @throws ToolStoppedException when the operation saw a stop request and stopped at a safe point
     * @throws InterruptedException when the child is shutting down
     */
    String call(JsonNode input, ToolContext context) throws ToolStoppedException, InterruptedException;
}
