package dev.taskgate.frontend.mcp.v2025;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ProgressTokens;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ToolInputValidator;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.RequestKeys;
import dev.taskgate.frontend.mcp.Served;
import dev.taskgate.frontend.mcp.SyncCalls;
import dev.taskgate.frontend.mcp.TaskPolicies;
import dev.taskgate.frontend.mcp.TaskPolicy;
import dev.taskgate.frontend.mcp.ToolArguments;
import dev.taskgate.frontend.mcp.ToolCallSteps;
import dev.taskgate.frontend.mcp.ToolCallSteps.Generation;
import dev.taskgate.frontend.mcp.compat.CompatibilityTools;

/**
 * 2025-era {@code tools/call}: every call is a durable execution of surface {@link Surface#MCP_2025} ({@link
 * ToolCallSteps}, as in 2026-07-28), except the compatibility tools, answered in place and never as a task. With
 * {@code params.task} (this server declares {@code tasks.requests.tools.call}) the answer is a nested
 * {@code CreateTaskResult} sent after job-control accepted; without it the call waits through the same
 * {@link SyncCalls} path as 2026 synchronous calls and answers the stored {@code CallToolResult} byte for byte. A
 * task-augmented call may carry the request key of 2026-07-28 ({@link RequestKeys}; required for a mutating tool) with
 * the same receipt semantics, in a key space of its own; an ordinary call keeps its session-derived receipt (any
 * replica finds it to cancel it) and ignores a key.
 * Tool-level {@code execution.taskSupport} (tasks §3.1): {@code task} for a forbidden tool and no {@code task} for a
 * required tool are -32601. A task's {@code progressToken} is kept with its execution (tasks §9), and
 * {@code tasks/result} streams its progress under it ({@link Mcp2025TaskResults}). Checks run before anything is
 * published.
 */
@Singleton
public class Mcp2025ToolCalls {
    private final ToolCallSteps steps;
    private final TaskPolicies policies;
    private final Mcp2025TaskView view;

    Mcp2025ToolCalls(ToolCallSteps steps, TaskPolicies policies, Mcp2025TaskView view) {
        this.steps = steps;
        this.policies = policies;
        this.view = view;
    }

    /**
     * Serves one call up to acceptance: the task's result, or the synchronous call now waiting, both
     * {@linkplain Served#later to come} once job-control replied (nothing waits on a thread for it). An
     * ordinary (non-task) call is submitted under
     * {@code syncReceiptKey} when given (derived from session and request id, so any replica can find it to cancel
     * it: {@link Mcp2025RemoteCancel}), else under a fresh one; the operation's log messages of {@code logLevel} or
     * above ({@code logging/setLevel}; {@code null}: none) go to the caller of an ordinary call while it waits.
     */
    public Served start(JsonRpcRequest request, AuthenticatedCaller caller, String syncReceiptKey, LogLevel logLevel) {
        String toolName = ToolCallSteps.toolName(request);
        if (CompatibilityTools.isCompatibilityTool(toolName)) {
            // params.task notwithstanding; the result goes out as is (no resultType)
            return steps.compatibilityCall(
                    Generation.MCP_2025, caller, toolName, request.params().get("arguments"));
        }
        ToolInputValidator.Tool tool = steps.tool(caller, toolName);
        JsonNode task = request.params().get("task");
        if (task != null && !task.isNull() && !task.isObject()) {
            throw McpErrors.invalidParams("params.task must be an object.", null);
        }
        if (task != null
                && task.isObject()
                && task.hasNonNull("ttl")
                && (!task.get("ttl").isIntegralNumber()
                        || task.get("ttl").bigIntegerValue().signum() < 0)) {
            throw McpErrors.invalidParams(
                    "params.task.ttl must be a non-negative integer number of milliseconds.", null);
        }
        boolean asTask = task != null && task.isObject();
        TaskPolicy policy = policies.of(toolName);
        if (asTask && policy == TaskPolicy.FORBIDDEN) {
            throw McpErrors.methodNotFound(
                    "tools/call with params.task (the tool " + toolName + " does not support tasks)");
        }
        if (!asTask && policy == TaskPolicy.REQUIRED) {
            throw McpErrors.methodNotFound(
                    "tools/call without params.task (the tool " + toolName + " must run as a task)");
        }
        JsonNode arguments = ToolArguments.read(request, tool, toolName);
        // issue 20 item 6: a task outlives the request, so a retried task-augmented call must find the first one
        Optional<String> requestKey = asTask ? RequestKeys.read(request) : Optional.empty();
        if (asTask && tool.spec().mutating() && requestKey.isEmpty()) {
            throw RequestKeys.required(toolName);
        }
        JsonNode progressToken = SyncCalls.progressToken(request);
        if (asTask && progressToken != null && !ProgressTokens.isStorable(progressToken)) {
            throw McpErrors.invalidParams(
                    "params._meta.progressToken of a task must be a string of at most " + ProgressTokens.MAX_CHARS
                            + " characters or a 64-bit integer: it is kept for the task's lifetime.",
                    null);
        }
        // tasks §10: the requested TTL goes to job-control, which clamps it and stores the visibility end
        Long taskTtlMs = asTask ? Mcp2025TaskView.requestedTtl(task) : null;
        String receiptKey = requestKey
                .map(RequestKeys::receiptKey2025)
                .orElseGet(() -> asTask || syncReceiptKey == null ? receiptKey() : syncReceiptKey);
        CompletableFuture<Accepted> accepted = ToolCallSteps.accepted(
                () -> steps.submitAsync(
                        Generation.MCP_2025,
                        caller,
                        tool,
                        arguments,
                        asTask,
                        receiptKey,
                        taskTtlMs,
                        asTask ? progressToken : null),
                requestKey);
        if (asTask) {
            return Served.later(accepted.thenApply(created -> Served.done(McpResult.of(
                    view.created(steps.taskId(Generation.MCP_2025, caller, created), created.execution())))));
        }
        // the tool's handoff policy: still running after that long → the handle view under a 2025 handle
        return Served.later(accepted.thenApply(
                call -> steps.await(Generation.MCP_2025, caller, toolName, call, progressToken, logLevel)));
    }

    // Ids of 2025-era requests repeat across sessions and reconnects: every call gets a fresh receipt.
    private String receiptKey() {
        return "mcp-2025:" + steps.nonce();
    }
}
