package dev.taskgate.frontend.mcp.v2025;

import java.nio.charset.StandardCharsets;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.ToolResults;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.TaskView;

/**
 * An execution seen as a 2025-11-25 core {@code Task} (tasks §4): {@code ttl} and {@code pollInterval} in
 * milliseconds, no {@code resultType}; {@code ttl} is the effective one job-control granted (visibility end −
 * creation, as for 2026-07-28: {@link TaskView#ttlMs(ExecutionSnapshot)}). Status mapping of this generation:
 * {@code queued} is {@code working}; a completed execution whose stored {@code CallToolResult} says
 * {@code isError: true} is {@code failed} (the stored
 * result itself is untouched and returned by {@code tasks/result}); an execution whose cancellation was requested
 * is {@code cancelled} from the reply of {@code tasks/cancel} on, and stays so even when the work finished before
 * the stop reached it (§6.4). job-control still records what really happened; the status message says it, and
 * {@code tasks/result} returns that recorded outcome.
 */
@Singleton
public class Mcp2025TaskView {
    private final TaskView ttls;
    private final long pollIntervalMs;

    Mcp2025TaskView(FrontendConfig config, TaskView ttls) {
        this.ttls = ttls;
        this.pollIntervalMs = Math.max(1, config.mcp().taskPollInterval().toMillis());
    }

    /**
     * The TTL a task-augmented {@code tools/call} asked for ({@code params.task.ttl}, milliseconds), as
     * {@code SubmitExecution.taskTtlMs}: {@code null} when absent or null (job-control grants its default). The
     * receiver may override it (tasks §10): job-control clamps it to [1 min, 7 days], so a value beyond a
     * {@code long} is passed as the largest one. The caller has checked that it is a non-negative integer.
     */
    public static Long requestedTtl(JsonNode task) {
        JsonNode ttl = task == null ? null : task.get("ttl");
        if (ttl == null || ttl.isNull()) {
            return null;
        }
        return ttl.canConvertToLong() ? ttl.asLong() : Long.MAX_VALUE;
    }

    /** {@code CreateTaskResult}: {@code {"task": Task}}. */
    public ObjectNode created(String taskId, ExecutionSnapshot snapshot) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.set("task", task(taskId, snapshot, null));
        return result;
    }

    /** The flat {@code Task} of {@code tasks/get}, {@code tasks/cancel} and {@code tasks/list}. */
    public ObjectNode task(String taskId, ExecutionSnapshot snapshot, String storedResult) {
        ObjectNode task = JsonNodeFactory.instance
                .objectNode()
                .put("taskId", taskId)
                .put("status", status(snapshot, storedResult))
                .put("createdAt", snapshot.createdAt().toString())
                .put("lastUpdatedAt", snapshot.updatedAt().toString())
                .put("ttl", ttls.ttlMs(snapshot));
        if (!snapshot.status().isTerminal()) {
            task.put("pollInterval", pollIntervalMs);
        }
        String message = statusMessage(snapshot);
        if (message != null) {
            task.put("statusMessage", message);
        }
        return task;
    }

    /** The {@code Task} of an outcome (the stored result decides between completed and failed). */
    public ObjectNode task(String taskId, ExecutionOutcome outcome) {
        return task(taskId, outcome.execution(), outcome.result());
    }

    private static String statusMessage(ExecutionSnapshot snapshot) {
        if (!Boolean.TRUE.equals(snapshot.cancelRequested())) {
            return snapshot.statusMessage();
        }
        ExecutionStatus status = snapshot.status();
        if (!status.isTerminal() || status == ExecutionStatus.CANCELLED) {
            return snapshot.statusMessage() != null ? snapshot.statusMessage() : "Cancelled by request";
        }
        // the work ended before the stop reached it: say what job-control recorded
        String recorded = "Cancelled by request, but the work had already ended " + status.wireName()
                + " (tasks/result returns that outcome)";
        return snapshot.statusMessage() == null ? recorded : recorded + ": " + snapshot.statusMessage();
    }

    /** The 2025-11-25 status: a requested cancellation wins over every later outcome (tasks §6.4). */
    public static String status(ExecutionSnapshot snapshot, String storedResult) {
        ExecutionStatus status = snapshot.status();
        if (Boolean.TRUE.equals(snapshot.cancelRequested())) {
            return "cancelled";
        }
        if (status == ExecutionStatus.COMPLETED && isToolError(snapshot, storedResult)) {
            return "failed";
        }
        return TaskView.status(status);
    }

    /**
     * Whether a completed execution's tool result says {@code isError: true}: job-control's flag when the snapshot
     * carries it, else the stored result itself.
     */
    static boolean isToolError(ExecutionSnapshot snapshot, String storedResult) {
        if (snapshot.toolError() != null) {
            return snapshot.toolError();
        }
        return storedResult != null && ToolResults.isError(storedResult.getBytes(StandardCharsets.UTF_8));
    }
}
