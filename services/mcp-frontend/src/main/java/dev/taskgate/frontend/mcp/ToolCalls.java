package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ToolInputValidator;
import dev.taskgate.frontend.mcp.ToolCallSteps.Generation;
import dev.taskgate.frontend.mcp.compat.CompatibilityTools;
import dev.taskgate.frontend.mcp.rounds.InputRounds;

/**
 * {@code tools/call}. Every call is a durable execution in job-control. With the tasks extension declared in this
 * request and a tool policy that allows it, the answer is a {@code CreateTaskResult}, sent only after job-control
 * replied {@code Accepted} (it replies after its commit, so an immediate {@code tasks/get} anywhere succeeds).
 * Otherwise the call waits for the execution to end and answers its exact {@code CallToolResult}; still running at
 * the tool's handoff time (at the latest {@code sync-call-timeout}) it answers the execution's handle instead.
 *
 * <p>Checks, in order, before anything is published: {@code params.name} names a registered tool (else -32602), a
 * {@code required} tool needs the extension (else -32021; -32602 while the task surface is switched off),
 * {@code arguments} is an object satisfying the tool's input schema (else -32602 listing every violation), a request key in {@code _meta} is well formed and present for
 * a task-augmented call of a mutating tool ({@link RequestKeys}, else -32602 naming the field), a mutating tool needs
 * {@code tools:write} (else 403). Over an admission limit the answer is {@link McpErrors#ADMISSION_LIMIT}. A tool
 * that declares pre-task input first answers {@code input_required} rounds ({@link InputRounds}).
 */
@Singleton
public class ToolCalls {
    private final ToolCallSteps steps;
    private final TaskPolicies policies;
    private final TaskView view;

    @Inject
    SurfaceSwitches switches;

    // field injection keeps the constructor that parallel changes also touch as it was
    @Inject
    InputRounds inputRounds;

    ToolCalls(ToolCallSteps steps, TaskPolicies policies, TaskView view) {
        this.steps = steps;
        this.policies = policies;
        this.view = view;
    }

    /** Serves one {@code tools/call}, waiting for a synchronous call's result. Blocking: waits for job-control. */
    public McpResult call(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        Served served = start(request, meta, caller).awaited();
        if (served.result() != null) {
            return served.result();
        }
        try (SyncCall pending = served.pending()) {
            return pending.await();
        }
    }

    /**
     * Serves one {@code tools/call} up to job-control's acceptance: a task's {@code CreateTaskResult}, or the
     * synchronous call now waiting for its execution (the caller drives and closes it), both {@linkplain Served#later
     * to come} once job-control replied, unless the request is answered before anything is submitted.
     */
    public Served start(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        String toolName = ToolCallSteps.toolName(request);
        if (CompatibilityTools.isCompatibilityTool(toolName)) {
            return steps.compatibilityCall(
                    Generation.MCP_2026, caller, toolName, request.params().get("arguments"));
        }
        ToolInputValidator.Tool tool = steps.tool(caller, toolName);
        TaskPolicy policy = policies.of(toolName);
        // switched off, the extension is not offered: a request declaring it is served as if it did not
        boolean tasks = switches.nativeTasks() && meta.declaresTasks();
        boolean asTask = tasks && policy != TaskPolicy.FORBIDDEN;
        if (policy == TaskPolicy.REQUIRED && !switches.nativeTasks()) {
            throw McpErrors.invalidParams(
                    "The tool " + toolName + " runs only as a task, and tasks are switched off on this server.",
                    JsonNodeFactory.instance.objectNode().put("name", toolName));
        }
        if (policy == TaskPolicy.REQUIRED && !tasks) {
            throw McpErrors.tasksExtensionRequired();
        }
        JsonNode given = ToolArguments.read(request, tool, toolName);
        Optional<String> requestKey = RequestKeys.read(request);
        if (asTask && tool.spec().mutating() && requestKey.isEmpty()) {
            throw RequestKeys.required(toolName);
        }
        // MCP 2026-07-28 §10: input the tool needs before its execution exists; the last round falls through
        InputRounds.Gathered gathered = inputRounds.gather(request, meta, caller, tool, (ObjectNode) given);
        if (gathered.pending() != null) {
            return Served.done(gathered.pending());
        }
        JsonNode arguments = gathered.arguments();
        String receiptKey = requestKey.map(RequestKeys::receiptKey).orElseGet(() -> receiptKey(request.id()));
        JsonNode progressToken = asTask ? null : SyncCalls.progressToken(request);
        LogLevel logLevel = RequestMeta.logLevel(request); // checked for tasks too; used by synchronous calls
        if (asTask) {
            // 2026-07-28 §11: the server chooses a task's TTL; job-control grants and stores it durably
            Long ttlMs = view.requestedTtlMs();
            return Served.later(ToolCallSteps.accepted(
                            () -> steps.submitAsync(
                                    Generation.MCP_2026, caller, tool, arguments, true, receiptKey, ttlMs, null),
                            requestKey)
                    .thenApply(task -> Served.done(McpResult.of(
                            view.created(steps.taskId(Generation.MCP_2026, caller, task), task.execution())))));
        }
        // §3: without a logLevel in this request, no notifications/message for it
        return Served.later(ToolCallSteps.accepted(
                        () -> steps.submitAsync(
                                Generation.MCP_2026, caller, tool, arguments, false, receiptKey, null, null),
                        requestKey)
                .thenApply(call -> steps.await(Generation.MCP_2026, caller, toolName, call, progressToken, logLevel)));
    }

    /**
     * A receipt key of its own for every request, so that two calls never share an execution by accident: the
     * JSON-RPC id is reused by clients across requests, so a random nonce makes the key unique, and the id's
     * digest ties the key to the request in job-control's records.
     */
    private String receiptKey(JsonNode id) {
        return "mcp-2026:" + steps.nonce() + ":" + digest(id);
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
