package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.Scopes;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.execution.ToolInputValidator;
import dev.taskgate.frontend.mcp.compat.CompatibilityTools;
import dev.taskgate.frontend.mcp.compat.HandoffPolicies;
import dev.taskgate.frontend.mcp.rounds.InputRounds;
import dev.taskgate.frontend.problem.ProblemException;

/**
 * {@code tools/call}. Every call is a durable execution in job-control. With the tasks extension declared in this
 * request and a tool policy that allows it, the answer is a {@code CreateTaskResult}, sent only after job-control
 * replied {@code Accepted} (it replies after its commit, so an immediate {@code tasks/get} anywhere succeeds).
 * Otherwise the call waits, bounded by {@code sync-call-timeout}, for the execution to end and answers its exact
 * {@code CallToolResult}.
 *
 * <p>Checks, in order, before anything is published: {@code params.name} names a registered tool (else -32602), a
 * {@code required} tool needs the extension (else -32021), {@code arguments} is an object satisfying the tool's
 * input schema (else -32602 listing every violation), a request key in {@code _meta} is well formed and present for
 * a task-augmented call of a mutating tool ({@link RequestKeys}, else -32602 naming the field), a mutating tool needs
 * {@code tools:write} (else 403). Over an admission limit the answer is {@link McpErrors#ADMISSION_LIMIT}. A tool
 * that declares pre-task input first answers {@code input_required} rounds ({@link InputRounds}).
 */
@Singleton
public class ToolCalls {
    private final ToolInputValidator tools;
    private final TaskPolicies policies;
    private final ExecutionCommands commands;
    private final SyncCalls syncCalls;
    private final ExecutionHandles handles;
    private final TaskView view;
    private final CompatibilityTools compat;
    private final HandoffPolicies handoffs;
    private final SecureRandom random = new SecureRandom();
    // field injection keeps the constructor that parallel changes also touch as it was
    @Inject
    InputRounds inputRounds;

    ToolCalls(
            ToolInputValidator tools,
            TaskPolicies policies,
            ExecutionCommands commands,
            SyncCalls syncCalls,
            ExecutionHandles handles,
            TaskView view,
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

    /** Serves one {@code tools/call}, waiting for a synchronous call's result. Blocking: waits for job-control. */
    public McpResult call(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        Served served = start(request, meta, caller);
        if (served.result() != null) {
            return served.result();
        }
        try (SyncCall pending = served.pending()) {
            return pending.await();
        }
    }

    /**
     * Serves one {@code tools/call} up to job-control's acceptance: a task's {@code CreateTaskResult}, or the
     * synchronous call now waiting for its execution (the caller drives and closes it). Blocking.
     */
    public Served start(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        JsonNode name = request.params().get("name");
        if (name == null || !name.isTextual() || name.asText().isEmpty()) {
            throw McpErrors.invalidParams("params.name is required (the tool's name).", null);
        }
        String toolName = name.asText();
        // control-plane tools: answered here, never as a task or an execution (docs/design.md, "Compatibility tools")
        if (CompatibilityTools.isCompatibilityTool(toolName)) {
            return Served.done(McpResult.raw(CallToolResults.withResultType(compat.call(
                            caller, Surface.MCP_2026, toolName, request.params().get("arguments"))
                    .json())));
        }
        ToolInputValidator.Tool tool = tools.find(toolName)
                .orElseThrow(() -> McpErrors.invalidParams(
                        "Unknown tool: " + toolName,
                        JsonNodeFactory.instance.objectNode().put("name", toolName)));
        TaskPolicy policy = policies.of(toolName);
        boolean asTask = meta.declaresTasks() && policy != TaskPolicy.FORBIDDEN;
        if (policy == TaskPolicy.REQUIRED && !meta.declaresTasks()) {
            throw McpErrors.tasksExtensionRequired();
        }
        JsonNode arguments = ToolArguments.read(request, tool, toolName);
        Optional<String> requestKey = RequestKeys.read(request);
        if (asTask && tool.spec().mutating() && requestKey.isEmpty()) {
            throw RequestKeys.required(toolName);
        }
        // MCP 2026-07-28 §10: input the tool needs before its execution exists; the last round falls through
        InputRounds.Gathered gathered = inputRounds.gather(request, meta, caller, tool, (ObjectNode) arguments);
        if (gathered.pending() != null) {
            return Served.done(gathered.pending());
        }
        arguments = gathered.arguments();
        String receiptKey = requestKey.map(RequestKeys::receiptKey).orElseGet(() -> receiptKey(request.id()));
        // a task is a background execution (native surface); a call answered in-line is the compatibility surface
        TaskSurface taskSurface = asTask ? TaskSurface.NATIVE : TaskSurface.COMPATIBILITY;
        JsonNode progressToken = asTask ? null : SyncCalls.progressToken(request);
        LogLevel logLevel = RequestMeta.logLevel(request); // checked for tasks too; used by synchronous calls
        Accepted accepted;
        try {
            if (tool.spec().mutating()) {
                caller.require(Scopes.TOOLS_WRITE);
            }
            // 2026-07-28 §11: the server chooses a task's TTL; job-control grants and stores it durably
            accepted = commands.submit(
                    caller,
                    Surface.MCP_2026,
                    taskSurface,
                    receiptKey,
                    toolName,
                    arguments,
                    asTask ? view.requestedTtlMs() : null);
        } catch (ProblemException e) {
            if (requestKey.isPresent() && e.problem().status() == 409) {
                throw McpErrors.requestKeyConflict(requestKey.get());
            }
            throw McpProblems.translate(e);
        }
        if (asTask) {
            String taskId = handles.mint(accepted.executionId(), Surface.MCP_2026, caller.caller());
            return Served.done(McpResult.of(view.created(taskId, accepted.execution())));
        }
        SyncCall pending = syncCalls.open(caller, accepted.executionId(), progressToken);
        pending.forwardLogs(logLevel); // §3: without a logLevel in this request, no notifications/message for it
        handoffs.of(toolName)
                .after()
                .ifPresent(after -> pending.handOffAfter(
                        after,
                        () -> McpResult.raw(CallToolResults.withResultType(
                                compat.handoff(caller, Surface.MCP_2026, accepted.executionId(), after.toMillis())))));
        return Served.waiting(pending);
    }

    /**
     * A receipt key of its own for every request, so that two calls never share an execution by accident: the
     * JSON-RPC id is reused by clients across requests, so a random nonce makes the key unique, and the id's
     * digest ties the key to the request in job-control's records.
     */
    private String receiptKey(JsonNode id) {
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        return "mcp-2026:" + Base64.getUrlEncoder().withoutPadding().encodeToString(nonce) + ":" + digest(id);
    }

    private static String digest(JsonNode id) {
        try {
            byte[] sha =
                    MessageDigest.getInstance("SHA-256").digest(id.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
