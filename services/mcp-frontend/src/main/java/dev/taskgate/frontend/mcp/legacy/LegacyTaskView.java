package dev.taskgate.frontend.mcp.legacy;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.TaskView;

/**
 * An execution seen as a 2025-11-25 core {@code Task} (tasks §4): {@code ttl} and {@code pollInterval} in
 * milliseconds, no {@code resultType}. Status mapping of this generation: {@code queued} is {@code working}; a
 * completed execution whose stored {@code CallToolResult} says {@code isError: true} is {@code failed} (the stored
 * result itself is untouched and returned by {@code tasks/result}); a non-terminal execution whose cancellation
 * was requested is {@code cancelled} (§6.4: cancelled before the reply, and it stays so).
 */
@Singleton
public class LegacyTaskView {
    private final long ttlMs;
    private final long pollIntervalMs;

    LegacyTaskView(FrontendConfig config) {
        this.ttlMs = TaskView.clampTtl(config.mcp().taskTtl());
        this.pollIntervalMs = Math.max(1, config.mcp().taskPollInterval().toMillis());
    }

    /**
     * The retention a task-augmented {@code tools/call} asked for ({@code params.task.ttl}, milliseconds), if any.
     * The one place where the requested TTL enters: the lead connects it to {@code SubmitExecution}'s requested
     * TTL (issue 5) at merge; until then every task reports the configured TTL.
     */
    public static Optional<Duration> requestedTtl(JsonNode task) {
        JsonNode ttl = task == null ? null : task.get("ttl");
        if (ttl == null || ttl.isNull()) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofMillis(TaskView.clampTtl(Duration.ofMillis(ttl.asLong()))));
    }

    /** {@code CreateTaskResult}: {@code {"task": Task}}. */
    public ObjectNode created(String taskId, ExecutionSnapshot snapshot) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.set("task", task(taskId, snapshot, null));
        return result;
    }

    /** The flat {@code Task} of {@code tasks/get}, {@code tasks/cancel} and {@code tasks/list}. */
    public ObjectNode task(String taskId, ExecutionSnapshot snapshot, String storedResult) {
        ObjectNode task = JsonNodeFactory.instance.objectNode()
                .put("taskId", taskId)
                .put("status", status(snapshot, storedResult))
                .put("createdAt", snapshot.createdAt().toString())
                .put("lastUpdatedAt", snapshot.updatedAt().toString())
                .put("ttl", ttlMs);
        if (!snapshot.status().isTerminal()) {
            task.put("pollInterval", pollIntervalMs);
        }
        if (snapshot.statusMessage() != null) {
            task.put("statusMessage", snapshot.statusMessage());
        } else if (Boolean.TRUE.equals(snapshot.cancelRequested()) && !snapshot.status().isTerminal()) {
            task.put("statusMessage", "Cancelled by request");
        }
        return task;
    }

    /** The {@code Task} of an outcome (the stored result decides between completed and failed). */
    public ObjectNode task(String taskId, ExecutionOutcome outcome) {
        return task(taskId, outcome.execution(), outcome.result());
    }

    /** The 2025-11-25 status. */
    public static String status(ExecutionSnapshot snapshot, String storedResult) {
        ExecutionStatus status = snapshot.status();
        if (!status.isTerminal() && Boolean.TRUE.equals(snapshot.cancelRequested())) {
            return "cancelled";
        }
        if (status == ExecutionStatus.COMPLETED && isToolError(storedResult)) {
            return "failed";
        }
        return TaskView.status(status);
    }

    /** Whether a stored {@code CallToolResult} says {@code isError: true}. */
    static boolean isToolError(String storedResult) {
        if (storedResult == null) {
            return false;
        }
        try {
            JsonNode parsed = Wire.mapper().readTree(storedResult);
            return parsed != null && parsed.path("isError").asBoolean(false);
        } catch (IOException e) {
            return false;
        }
    }
}
