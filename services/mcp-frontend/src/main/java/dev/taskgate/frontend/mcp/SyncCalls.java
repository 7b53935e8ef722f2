package dev.taskgate.frontend.mcp;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.LongFunction;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.mcp.progress.ExecutionWatch;
import dev.taskgate.frontend.query.ExecutionQueries;

/** Opens {@link SyncCall}s: the watch on the execution's signals and the timing from configuration. */
@Singleton
public class SyncCalls {
    /** The meta key that opts a request into {@code notifications/progress} (MCP 2026-07-28 §8). */
    public static final String PROGRESS_TOKEN = "progressToken";

    /**
     * The clocks of a synchronous call.
     *
     * @param timeout          how long the call waits at most before it answers the execution's handle
     * @param poll             fallback poll of job-control's outcome
     * @param progressInterval least time between two progress notifications
     * @param heartbeat        longest silence before a heartbeat tick
     */
    record Timing(
            Duration timeout,
            Duration poll,
            Duration progressInterval,
            Duration finalProgressWait,
            Duration heartbeat) {}

    private final ExecutionSignals signals;
    private final ExecutionQueries queries;
    private final ExecutionCommands commands;
    private final Timing timing;
    private final Clock clock;

    SyncCalls(
            ExecutionSignals signals,
            ExecutionQueries queries,
            ExecutionCommands commands,
            FrontendConfig config,
            Clock clock) {
        this.signals = signals;
        this.queries = queries;
        this.commands = commands;
        this.clock = clock;
        FrontendConfig.Mcp mcp = config.mcp();
        this.timing = new Timing(
                mcp.syncCallTimeout(),
                mcp.syncPollInterval(),
                mcp.progressInterval(),
                mcp.finalProgressWait(),
                mcp.heartbeatInterval());
    }

    /**
     * The request's {@code params._meta.progressToken} (a string or an integer), or {@code null} when it asked for
     * no progress. Anything else is -32602, raised before the call is submitted.
     */
    public static JsonNode progressToken(JsonRpcRequest request) {
        JsonNode token = request.params().path("_meta").get(PROGRESS_TOKEN);
        if (token == null || token.isNull()) {
            return null;
        }
        if (token.isTextual() || token.isIntegralNumber()) {
            return token;
        }
        throw McpErrors.invalidParams("params._meta.progressToken must be a string or an integer.", null);
    }

    /**
     * Starts waiting for an accepted execution whose stored {@code CallToolResult} is rendered by {@code render}
     * (each generation its own way: {@link ToolCallSteps.Generation}); still running at the handoff time, the call
     * answers {@code handoff} (given the milliseconds waited). The call reads the outcome at once only when there
     * is something to read: the reply already saw a decisive state (a receipt's earlier execution), or the lifecycle
     * reader read a decisive change before the watch was open; otherwise the lifecycle record that the execution's
     * next decisive change publishes wakes it (and the fallback poll bounds a lost record), and when that record
     * carries the outcome, the call reads nothing.
     */
    public SyncCall open(
            AuthenticatedCaller caller,
            Accepted accepted,
            JsonNode progressToken,
            Function<String, McpResult> render,
            LongFunction<McpResult> handoff) {
        UUID executionId = accepted.executionId();
        ExecutionWatch watch = signals.watch(executionId);
        boolean readNow = ExecutionSignals.isDecisive(accepted.execution().status())
                || signals.decisiveChangeSeen(executionId); // only now that the watch is open: see ExecutionSignals
        return new SyncCall(
                caller, executionId, progressToken, watch, readNow, queries, commands, timing, clock, render, handoff);
    }
}
