package dev.taskgate.frontend.mcp;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

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
import dev.taskgate.frontend.problem.Echo;
import dev.taskgate.problem.ProblemException;

/**
 * The steps of a {@code tools/call} that both generations take the same way around their own checks
 * ({@link ToolCalls} for 2026-07-28, {@code v2025.Mcp2025ToolCalls} for the 2025-era): name the tool, answer a
 * compatibility tool in place, submit the call as a durable execution, then mint a task's id or wait for the call
 * answered in-line under the tool's handoff policy. What differs between the generations is their
 * {@link Generation}: the surface their executions and handles belong to, and how a stored result goes on the wire.
 */
@Singleton
public class ToolCallSteps {
    /**
     * One protocol generation as its tool calls see it.
     *
     * @param surface the surface of its executions and handles
     * @param render  puts a stored {@code CallToolResult} (or a compatibility tool's result) on its wire
     */
    public record Generation(Surface surface, Function<String, McpResult> render) {
        /** MCP 2026-07-28: the stored result with {@code resultType} ({@link CallToolResults}). */
        public static final Generation MCP_2026 =
                new Generation(Surface.MCP_2026, stored -> McpResult.raw(CallToolResults.withResultType(stored)));
        /** The 2025-era: the stored result byte for byte. */
        public static final Generation MCP_2025 = new Generation(Surface.MCP_2025, McpResult::raw);
    }

    private final ToolInputValidator tools;
    private final ExecutionCommands commands;
    private final SyncCalls syncCalls;
    private final ExecutionHandles handles;
    private final CompatibilityTools compat;
    private final HandoffPolicies handoffs;
    private final SurfaceSwitches switches;
    private final SecureRandom random = new SecureRandom();

    ToolCallSteps(
            ToolInputValidator tools,
            ExecutionCommands commands,
            SyncCalls syncCalls,
            ExecutionHandles handles,
            CompatibilityTools compat,
            HandoffPolicies handoffs,
            SurfaceSwitches switches) {
        this.tools = tools;
        this.switches = switches;
        this.commands = commands;
        this.syncCalls = syncCalls;
        this.handles = handles;
        this.compat = compat;
        this.handoffs = handoffs;
    }

    /** {@code params.name}; -32602 when it is missing, empty or not a string. */
    public static String toolName(JsonRpcRequest request) {
        JsonNode name = request.params().get("name");
        if (name == null || !name.isTextual() || name.asText().isEmpty()) {
            throw McpErrors.invalidParams("params.name is required (the tool's name).", null);
        }
        return name.asText();
    }

    /**
     * The answer of a compatibility tool ({@code execution_list}, {@code execution_get}, …): control-plane tools are
     * answered here, never as a task or an execution (docs/mcp-frontend.md, "Compatibility tools and handoff").
     * Switched off, they are unknown tools (-32602), as for any tool this server does not list. An
     * {@code execution_get} that waits is an answer {@linkplain Served#later to come}.
     */
    public Served compatibilityCall(
            Generation generation, AuthenticatedCaller caller, String toolName, JsonNode arguments) {
        if (!switches.compatibilityTools()) {
            throw McpErrors.invalidParams(
                    "Unknown tool: " + toolName + " (the compatibility tools are switched off on this server).",
                    JsonNodeFactory.instance.objectNode().put("name", toolName));
        }
        CompletableFuture<Served> answer = compat.call(caller, generation.surface(), toolName, arguments)
                .thenApply(result -> Served.done(generation.render().apply(result.json())));
        return Served.later(answer);
    }

    /** The registered tool of this name as the caller sees it; -32602 naming it when there is none. */
    public ToolInputValidator.Tool tool(AuthenticatedCaller caller, String toolName) {
        tools.unavailable(toolName, caller.caller().workspace()).ifPresent(reason -> {
            throw McpErrors.invalidParams(
                    reason, JsonNodeFactory.instance.objectNode().put("name", Echo.excerpt(toolName)));
        });
        return tools.find(toolName, caller.caller().workspace())
                .orElseThrow(() -> McpErrors.invalidParams(
                        "Unknown tool: " + Echo.excerpt(toolName),
                        JsonNodeFactory.instance.objectNode().put("name", Echo.excerpt(toolName))));
    }

    /**
     * Submits the call as a durable execution of the generation's surface, without a thread waiting for
     * job-control's reply: a task belongs to the native task surface, a call answered in-line to the compatibility
     * one. A mutating tool needs {@code tools:write}. Problems found before anything is published (403, 413, 422,
     * 503) are thrown, job-control's (409, 422, 429) and its silence (503) fail the answer, as
     * {@link ProblemException} either way, for the generation to translate ({@link #accepted}). The answer completes
     * on the instance reader's thread.
     *
     * @param taskTtlMs     a task's requested TTL in milliseconds, or {@code null}
     * @param progressToken a task's {@code progressToken}, kept with its execution (2025-11-25), or {@code null}
     */
    public CompletableFuture<Accepted> submitAsync(
            Generation generation,
            AuthenticatedCaller caller,
            ToolInputValidator.Tool tool,
            JsonNode arguments,
            boolean asTask,
            String receiptKey,
            Long taskTtlMs,
            JsonNode progressToken) {
        if (tool.spec().mutating()) {
            caller.require(Scopes.TOOLS_WRITE);
        }
        return commands.submitAsync(
                caller,
                generation.surface(),
                asTask ? TaskSurface.NATIVE : TaskSurface.COMPATIBILITY,
                receiptKey,
                tool.spec().name(),
                arguments,
                taskTtlMs,
                progressToken);
    }

    /**
     * job-control's acceptance of what {@code submit} sends, with no thread waiting meanwhile; a problem found before
     * anything was published is thrown here, job-control's fail the answer, both as their MCP error (a conflict on a
     * request key as {@link McpErrors#requestKeyConflict}). The answer completes on the instance reader's thread:
     * what follows it there (minting a task id, opening a call's watch) must stay short.
     */
    public static CompletableFuture<Accepted> accepted(
            Supplier<CompletableFuture<Accepted>> submit, Optional<String> requestKey) {
        CompletableFuture<Accepted> accepted;
        try {
            accepted = submit.get();
        } catch (ProblemException e) {
            throw submissionError(e, requestKey);
        }
        return accepted.handle((done, failure) -> {
            if (failure == null) {
                return done;
            }
            Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
            if (cause instanceof ProblemException) {
                throw submissionError((ProblemException) cause, requestKey);
            }
            throw cause instanceof RuntimeException ? (RuntimeException) cause : new CompletionException(cause);
        });
    }

    private static McpException submissionError(ProblemException e, Optional<String> requestKey) {
        if (requestKey.isPresent() && e.problem().status() == 409) {
            return McpErrors.requestKeyConflict(requestKey.get());
        }
        return McpProblems.translate(e);
    }

    /** The task id of an accepted task: an execution handle of the generation's surface, bound to the caller. */
    public String taskId(Generation generation, AuthenticatedCaller caller, Accepted accepted) {
        return handles.mint(accepted.executionId(), generation.surface(), caller.caller());
    }

    /**
     * The accepted call of {@code toolName} answered in-line, now waiting for its execution: progress under
     * {@code progressToken} ({@code null}: none), the operation's log messages at or above {@code logLevel}
     * ({@code null}: none), and the execution's handle view if it still runs at the tool's handoff time (its
     * policy's, at the latest the sync timeout): an ordinary call is never cancelled for taking long.
     */
    public Served await(
            Generation generation,
            AuthenticatedCaller caller,
            String toolName,
            Accepted accepted,
            JsonNode progressToken,
            LogLevel logLevel) {
        SyncCall pending = syncCalls.open(
                caller,
                accepted,
                progressToken,
                generation.render(),
                waitedMs -> generation
                        .render()
                        .apply(compat.handoff(caller, generation.surface(), accepted.executionId(), waitedMs)));
        pending.forwardLogs(logLevel);
        handoffs.of(toolName).after().ifPresent(pending::handOffAfter);
        return Served.waiting(pending);
    }

    /** 16 random bytes, base64url: what makes a receipt key unique. */
    public String nonce() {
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(nonce);
    }
}
