package dev.taskgate.frontend.mcp.v2025;

import java.security.SecureRandom;
import java.util.Base64;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.ProgressTokens;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.Scopes;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.execution.ToolInputValidator;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpProblems;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.Served;
import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.SyncCalls;
import dev.taskgate.frontend.mcp.TaskPolicies;
import dev.taskgate.frontend.mcp.TaskPolicy;
import dev.taskgate.frontend.mcp.ToolArguments;
import dev.taskgate.frontend.mcp.compat.CompatibilityTools;
import dev.taskgate.frontend.mcp.compat.HandoffPolicies;
import dev.taskgate.frontend.problem.ProblemException;

/**
 * 2025-era {@code tools/call}: every call is a durable execution of surface {@link Surface#MCP_2025}. With
 * {@code params.task} (this server declares {@code tasks.requests.tools.call}) the answer is a nested
 * {@code CreateTaskResult} sent after job-control accepted; without it the call waits through the same
 * {@link SyncCalls} path as 2026 synchronous calls and answers the stored {@code CallToolResult} byte for byte.
 * Tool-level {@code execution.taskSupport} (tasks §3.1): {@code task} for a forbidden tool and no {@code task} for a
 * required tool are -32601. A task's {@code progressToken} is kept with its execution (tasks §9), and
 * {@code tasks/result} streams its progress under it ({@link Mcp2025TaskResults}). Checks run before anything is
 * published.
 */
@Singleton
public class Mcp2025ToolCalls {
    private final ToolInputValidator tools;
    private final TaskPolicies policies;
    private final ExecutionCommands commands;
    private final SyncCalls syncCalls;
    private final ExecutionHandles handles;
    private final Mcp2025TaskView view;
    private final CompatibilityTools compat;
    private final HandoffPolicies handoffs;
    private final SecureRandom random = new SecureRandom();

    Mcp2025ToolCalls(
            ToolInputValidator tools,
            TaskPolicies policies,
            ExecutionCommands commands,
            SyncCalls syncCalls,
            ExecutionHandles handles,
            Mcp2025TaskView view,
            CompatibilityTools compat,
            HandoffPolicies handoffs) {
        this.compat = compat;
        this.handoffs = handoffs;
        this.tools = tools;
        this.policies = policies;
        this.commands = commands;
        this.syncCalls = syncCalls;
        this.handles = handles;
        this.view = view;
    }

    /**
     * Serves one call up to acceptance: the task's result, or the synchronous call now waiting. Blocking. An
     * ordinary (non-task) call is submitted under
     * {@code syncReceiptKey} when given (derived from session and request id, so any replica can find it to cancel
     * it: {@link Mcp2025RemoteCancel}), else under a fresh one; the operation's log messages of {@code logLevel} or
     * above ({@code logging/setLevel}; {@code null}: none) go to the caller of an ordinary call while it waits.
     */
    public Served start(JsonRpcRequest request, AuthenticatedCaller caller, String syncReceiptKey, LogLevel logLevel) {
        JsonNode name = request.params().get("name");
        if (name == null || !name.isTextual() || name.asText().isEmpty()) {
            throw McpErrors.invalidParams("params.name is required (the tool's name).", null);
        }
        String toolName = name.asText();
        ToolInputValidator.Tool tool = tools.find(toolName)
                .orElseThrow(() -> McpErrors.invalidParams(
                        "Unknown tool: " + toolName,
                        JsonNodeFactory.instance.objectNode().put("name", toolName)));
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
        JsonNode progressToken = SyncCalls.progressToken(request);
        if (asTask && progressToken != null && !ProgressTokens.isStorable(progressToken)) {
            throw McpErrors.invalidParams(
                    "params._meta.progressToken of a task must be a string of at most " + ProgressTokens.MAX_CHARS
                            + " characters or a 64-bit integer: it is kept for the task's lifetime.",
                    null);
        }
        // tasks §10: the requested TTL goes to job-control, which clamps it and stores the visibility end
        Long taskTtlMs = asTask ? Mcp2025TaskView.requestedTtl(task) : null;
        Accepted accepted;
        try {
            if (tool.spec().mutating()) {
                caller.require(Scopes.TOOLS_WRITE);
            }
            accepted = commands.submit(
                    caller,
                    Surface.MCP_2025,
                    asTask ? TaskSurface.NATIVE : TaskSurface.COMPATIBILITY,
                    asTask || syncReceiptKey == null ? receiptKey() : syncReceiptKey,
                    toolName,
                    arguments,
                    taskTtlMs,
                    asTask ? progressToken : null);
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        }
        if (asTask) {
            String taskId = handles.mint(accepted.executionId(), Surface.MCP_2025, caller.caller());
            return Served.done(McpResult.of(view.created(taskId, accepted.execution())));
        }
        SyncCall pending = syncCalls.open(caller, accepted.executionId(), progressToken, McpResult::raw);
        pending.forwardLogs(logLevel);
        // the tool's handoff policy: still running after that long → the handle view under a 2025 handle
        handoffs.of(toolName)
                .after()
                .ifPresent(after -> pending.handOffAfter(
                        after,
                        () -> McpResult.raw(
                                compat.handoff(caller, Surface.MCP_2025, accepted.executionId(), after.toMillis()))));
        return Served.waiting(pending);
    }

    // Ids of 2025-era requests repeat across sessions and reconnects: every call gets a fresh receipt.
    private String receiptKey() {
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        return "mcp-2025:" + Base64.getUrlEncoder().withoutPadding().encodeToString(nonce);
    }
}
