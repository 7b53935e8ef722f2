package dev.taskgate.frontend.mcp.v2025;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.execution.StopDelivery;
import dev.taskgate.frontend.mcp.GenerationMismatch;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpException.Disposition;
import dev.taskgate.frontend.mcp.McpProblems;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.TaskView;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.mcp.progress.ExecutionWatch;
import dev.taskgate.frontend.query.ExecutionQueries;
import dev.taskgate.problem.ProblemException;

/**
 * The 2025-11-25 core task methods ({@code tasks/get}, {@code tasks/result}, {@code tasks/list},
 * {@code tasks/cancel}). A task id is an execution handle minted for {@link Surface#MCP_2025}: a handle of the
 * other generation (2026-07-28 tasks, REST) gets a -32602 that says so; anything else that does not verify for
 * this caller is the uniform "Task not found". Tasks are bound to the principal, not the session, so they outlive
 * sessions and frontend restarts.
 */
@Singleton
public class Mcp2025Tasks {
    /** {@code _meta} key tying a message to its task (tasks §8). */
    public static final String RELATED_TASK = "io.modelcontextprotocol/related-task";

    private static final int PAGE_SIZE = 50;
    // tasks/result blocks until terminal; a deadline ends every execution, this margin covers the sweeper's pace.
    private static final Duration RESULT_WAIT_MARGIN = Duration.ofMinutes(5);

    private final ExecutionHandles handles;
    private final ExecutionQueries queries;
    private final ExecutionCommands commands;
    private final ExecutionSignals signals;
    private final Mcp2025TaskView view;
    private final Duration poll;
    private final Clock clock;

    Mcp2025Tasks(
            ExecutionHandles handles,
            ExecutionQueries queries,
            ExecutionCommands commands,
            ExecutionSignals signals,
            Mcp2025TaskView view,
            FrontendConfig config,
            Clock clock) {
        this.clock = clock;
        this.handles = handles;
        this.queries = queries;
        this.commands = commands;
        this.signals = signals;
        this.view = view;
        this.poll = config.mcp().syncPollInterval();
    }

    /** {@code tasks/get}: the flat {@code Task}. */
    public McpResult get(JsonRpcRequest request, AuthenticatedCaller caller) {
        String taskId = taskId(request);
        ExecutionOutcome outcome = outcome(verify(taskId, caller), caller);
        return McpResult.of(view.task(taskId, outcome));
    }

    /**
     * {@code tasks/result}: blocks until the task is terminal, then answers exactly what the original call would
     * have: the stored {@code CallToolResult} byte for byte (with the related-task {@code _meta} inserted, tasks
     * §6.2, unless the tool's result has a {@code _meta} of its own, which is then left untouched), or its error.
     */
    public McpResult result(JsonRpcRequest request, AuthenticatedCaller caller) {
        String taskId = taskId(request);
        UUID executionId = verify(taskId, caller);
        ExecutionOutcome outcome = outcome(executionId, caller);
        if (!outcome.execution().status().isTerminal()) {
            outcome = awaitTerminal(executionId, caller, outcome);
        }
        switch (outcome.execution().status()) {
            case COMPLETED:
                return McpResult.raw(withRelatedTask(outcome.result(), taskId));
            case FAILED:
                throw new McpException(TaskView.failure(outcome), Disposition.ANSWERED);
            default:
                throw McpErrors.internal("The task was cancelled before it finished.", null);
        }
    }

    /** {@code tasks/list}: the caller's 2025-era tasks, newest first, {@value #PAGE_SIZE} a page. */
    public McpResult list(JsonRpcRequest request, AuthenticatedCaller caller) {
        JsonNode cursor = request.params().get("cursor");
        if (cursor != null && !cursor.isNull() && !cursor.isTextual()) {
            throw McpErrors.invalidParams("Invalid cursor.", null);
        }
        ExecutionPage page;
        try {
            // job-control's owner list also hides tasks past their visibility (docs/job-control.md, "Internal HTTP
            // API")
            page = queries.list(
                    caller.caller(),
                    Surface.MCP_2025,
                    PAGE_SIZE,
                    cursor == null || cursor.isNull() ? null : cursor.asText());
        } catch (ProblemException e) {
            if (e.problem().status() == 400) {
                throw McpErrors.invalidParams("Invalid cursor.", null);
            }
            throw McpProblems.translate(e);
        }
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        ArrayNode tasks = result.putArray("tasks");
        for (ExecutionSnapshot snapshot : page.items()) {
            String taskId = handles.mint(snapshot.executionId(), Surface.MCP_2025, caller.caller());
            String stored = null;
            if (snapshot.status() == ExecutionStatus.COMPLETED && snapshot.toolError() == null) {
                // completed-with-isError is "failed" in this generation; without job-control's flag (a result
                // stored before it was recorded) only the stored result says which
                stored = outcomeOrNull(snapshot.executionId(), caller);
            }
            tasks.add(view.task(taskId, snapshot, stored));
        }
        if (page.nextCursor() != null) {
            result.put("nextCursor", page.nextCursor());
        }
        return McpResult.of(result);
    }

    /**
     * {@code tasks/cancel}: -32602 for a terminal task; otherwise job-control cancels it (queued: at once;
     * running: cooperative stop requested, recorded durably) and the reply shows {@code cancelled}. For a running
     * task, {@code _meta} says whether the stop reached its worker ({@link StopDelivery#META_KEY}).
     */
    public McpResult cancel(JsonRpcRequest request, AuthenticatedCaller caller) {
        String taskId = taskId(request);
        UUID executionId = verify(taskId, caller);
        ExecutionOutcome before = outcome(executionId, caller);
        if (before.execution().status().isTerminal()) {
            throw McpErrors.invalidParams(
                    "Cannot cancel task: already in terminal status '"
                            + Mcp2025TaskView.status(before.execution(), before.result()) + "'",
                    null);
        }
        Accepted accepted;
        try {
            accepted = commands.cancel(caller, executionId, "cancelled through MCP 2025-11-25 tasks/cancel");
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        }
        // job-control replied after its commit: a queued task is cancelled, a running one has its stop requested
        ObjectNode task = view.task(taskId, outcome(executionId, caller));
        StopDelivery.of(accepted)
                .ifPresent(d -> task.withObjectProperty("_meta").put(StopDelivery.META_KEY, d.wireName()));
        return McpResult.of(task);
    }

    private ExecutionOutcome awaitTerminal(UUID executionId, AuthenticatedCaller caller, ExecutionOutcome first) {
        Instant giveUp = first.execution().executionDeadline() == null
                ? clock.instant().plus(Duration.ofHours(25))
                : first.execution().executionDeadline().plus(RESULT_WAIT_MARGIN);
        ExecutionOutcome outcome = first;
        try (ExecutionWatch watch = signals.watch(executionId)) {
            outcome = outcome(executionId, caller); // a change published before the watch opened is not missed
            while (!outcome.execution().status().isTerminal()) {
                if (clock.instant().isAfter(giveUp)) {
                    throw McpErrors.internal("The task did not end by its deadline.", null);
                }
                ExecutionSignal signal = watch.poll(poll.toNanos());
                if (signal != null && signal.kind() == ExecutionSignal.Kind.CALLER_GONE) {
                    throw McpErrors.internal("The caller went away.", null);
                }
                if (signal == null || signal.kind() == ExecutionSignal.Kind.CHANGED) {
                    outcome = outcome(executionId, caller);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw McpErrors.internal("The wait for the task's result was interrupted; the task goes on.", null);
        }
        return outcome;
    }

    /** {@code {"io.modelcontextprotocol/related-task": {"taskId": …}}}: the {@code _meta} of a task's messages (§8). */
    static ObjectNode relatedTask(String taskId) {
        ObjectNode meta = JsonNodeFactory.instance.objectNode();
        meta.putObject(RELATED_TASK).put("taskId", taskId);
        return meta;
    }

    /**
     * The stored result with {@code "_meta":{"io.modelcontextprotocol/related-task":{"taskId":…}}} inserted right
     * after the opening brace; nothing else changes.
     */
    static String withRelatedTask(String stored, String taskId) {
        if (stored == null) {
            throw new IllegalStateException("job-control reported a completed execution without a result");
        }
        JsonNode parsed;
        try {
            parsed = dev.taskgate.contracts.Wire.mapper().readTree(stored);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("a stored CallToolResult is not valid JSON", e);
        }
        if (parsed == null || !parsed.isObject()) {
            throw new IllegalStateException("a stored CallToolResult is not a JSON object");
        }
        if (parsed.has("_meta")) {
            return stored;
        }
        ObjectNode meta = JsonNodeFactory.instance.objectNode();
        meta.putObject(RELATED_TASK).put("taskId", taskId);
        String member = "\"_meta\":" + meta;
        int after = stored.indexOf('{') + 1;
        return stored.substring(0, after) + member + (parsed.size() == 0 ? "" : ",") + stored.substring(after);
    }

    private String outcomeOrNull(UUID executionId, AuthenticatedCaller caller) {
        try {
            return queries.outcome(executionId, caller.caller()).result();
        } catch (ProblemException e) {
            return null;
        }
    }

    ExecutionOutcome outcome(UUID executionId, AuthenticatedCaller caller) {
        ExecutionOutcome outcome;
        try {
            outcome = queries.outcome(executionId, caller.caller());
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        }
        if (outcome.execution().surface() != Surface.MCP_2025) {
            throw McpErrors.taskNotFound();
        }
        return outcome;
    }

    UUID verify(String taskId, AuthenticatedCaller caller) {
        return handles.verify(taskId, Surface.MCP_2025, caller.caller()).orElseThrow(() -> {
            Surface claimed = ExecutionHandles.parse(taskId)
                    .map(ExecutionHandles.Claimed::surface)
                    .orElse(null);
            if (claimed != null && claimed != Surface.MCP_2025) {
                return McpErrors.invalidParams(GenerationMismatch.message(claimed), null);
            }
            return McpErrors.taskNotFound();
        });
    }

    static String taskId(JsonRpcRequest request) {
        JsonNode taskId = request.params().get("taskId");
        if (taskId == null || !taskId.isTextual()) {
            throw McpErrors.invalidParams("params.taskId is required (a string).", null);
        }
        return taskId.asText();
    }
}
