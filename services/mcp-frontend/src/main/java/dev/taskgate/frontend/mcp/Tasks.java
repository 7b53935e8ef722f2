package dev.taskgate.frontend.mcp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.execution.InputResponseShape;
import dev.taskgate.frontend.execution.StopDelivery;
import dev.taskgate.frontend.query.ExecutionQueries;
import dev.taskgate.problem.ProblemException;

/**
 * {@code tasks/get}, {@code tasks/cancel} and {@code tasks/update} of the tasks extension (§6). A task id is an
 * execution handle minted for {@link Surface#MCP_2026}; one that does not verify for this caller (unknown, forged,
 * another principal's or workspace's, minted for REST) gets the same -32602 as an id job-control does not know,
 * and never reaches job-control.
 */
@Singleton
public class Tasks {
    private final ExecutionHandles handles;
    private final ExecutionQueries queries;
    private final ExecutionCommands commands;
    private final ServerIdentity server;
    private final TaskView view;

    Tasks(
            ExecutionHandles handles,
            ExecutionQueries queries,
            ExecutionCommands commands,
            ServerIdentity server,
            TaskView view) {
        this.handles = handles;
        this.queries = queries;
        this.commands = commands;
        this.server = server;
        this.view = view;
    }

    /**
     * The task's current status, and its result or error once terminal. A pure read. Input requests are listed only
     * when this request's client capabilities can answer them (§3: capabilities count for the request declaring
     * them).
     */
    public McpResult get(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        String taskId = taskId(request);
        UUID executionId = verify(taskId, caller);
        ExecutionOutcome outcome;
        try {
            outcome = queries.outcome(executionId, caller.caller());
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        }
        if (outcome.execution().surface() != Surface.MCP_2026) {
            throw McpErrors.taskNotFound();
        }
        return McpResult.of(view.detailed(taskId, outcome, meta.clientCapabilities()));
    }

    /**
     * Requests cooperative cancellation and acknowledges once job-control recorded it (§6.4: eventually consistent).
     * A terminal task is acknowledged unchanged (job-control accepts and changes nothing). When a running task was
     * asked to stop, {@code _meta} says whether the stop reached its worker ({@link StopDelivery#META_KEY}).
     */
    public McpResult cancel(JsonRpcRequest request, AuthenticatedCaller caller) {
        UUID executionId = verify(taskId(request), caller);
        Accepted accepted;
        try {
            accepted = commands.cancel(caller, executionId, "cancelled through MCP tasks/cancel");
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        }
        ObjectNode result = server.result("complete");
        StopDelivery.of(accepted)
                .ifPresent(d -> result.withObjectProperty("_meta").put(StopDelivery.META_KEY, d.wireName()));
        return McpResult.of(result);
    }

    /**
     * Delivers {@code inputResponses} (§6.3) and acknowledges. Every response to an outstanding request must fit its method
     * ({@link InputResponseShape#violation(String, JsonNode)}; -32602 otherwise, nothing sent). Only keys the task currently lists in
     * {@code inputRequests} are forwarded to job-control, which re-checks them; other keys (never issued, answered,
     * superseded) are ignored silently, and when none is left the ack is sent without a command. Eventually
     * consistent: the ack may precede the change.
     */
    public McpResult update(JsonRpcRequest request, AuthenticatedCaller caller) {
        String taskId = taskId(request);
        JsonNode responses = request.params().get("inputResponses");
        if (responses == null || !responses.isObject()) {
            throw McpErrors.invalidParams("params.inputResponses is required (an object of input responses).", null);
        }
        UUID executionId = verify(taskId, caller);
        ExecutionSnapshot snapshot;
        try {
            snapshot = queries.snapshot(executionId, caller.caller());
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        }
        if (snapshot.surface() != Surface.MCP_2026) {
            throw McpErrors.taskNotFound();
        }
        Map<String, JsonNode> outstanding = new LinkedHashMap<>();
        if (snapshot.status() == ExecutionStatus.INPUT_REQUIRED && snapshot.inputRequests() != null) {
            responses.properties().forEach(entry -> {
                if (snapshot.inputRequests().containsKey(entry.getKey())) {
                    outstanding.put(entry.getKey(), entry.getValue());
                }
            });
        }
        // MCP 2026-07-28 §10: responses under keys the task does not list are ignored, whatever their shape
        for (Map.Entry<String, JsonNode> entry : outstanding.entrySet()) {
            String method =
                    snapshot.inputRequests().get(entry.getKey()).path("method").asText("");
            InputResponseShape.violation(method, entry.getValue()).ifPresent(violation -> {
                throw McpErrors.invalidParams(
                        "params.inputResponses[\"" + entry.getKey() + "\"]" + violation.pointer() + ": "
                                + violation.message() + ".",
                        null);
            });
        }
        if (!outstanding.isEmpty()) {
            try {
                commands.provideInput(caller, executionId, outstanding);
            } catch (ProblemException e) {
                throw McpProblems.translate(e);
            }
        }
        return McpResult.of(server.result("complete"));
    }

    /**
     * The execution of the caller's task {@code taskId} as {@code tasks/get} would answer it now, for a
     * {@code subscriptions/listen} stream ({@code notifications/tasks} carries exactly that); empty when the id is not
     * one of the caller's 2026-07-28 tasks or job-control does not know it (any more).
     */
    public Optional<TaskRead> read(String taskId, AuthenticatedCaller caller, JsonNode capabilities) {
        Optional<UUID> executionId = handles.verify(taskId, Surface.MCP_2026, caller.caller());
        if (executionId.isEmpty()) {
            return Optional.empty();
        }
        ExecutionOutcome outcome;
        try {
            outcome = queries.outcome(executionId.get(), caller.caller());
        } catch (ProblemException e) {
            if (e.problem().status() == 404) {
                return Optional.empty();
            }
            throw McpProblems.translate(e);
        }
        if (outcome.execution().surface() != Surface.MCP_2026) {
            return Optional.empty();
        }
        return Optional.of(new TaskRead(
                executionId.get(),
                outcome.execution().status().isTerminal(),
                view.detailed(taskId, outcome, capabilities)));
    }

    /**
     * A task read for a listen stream.
     *
     * @param executionId its execution
     * @param terminal    whether it has ended (nothing more will change)
     * @param task        the task as {@code tasks/get} shows it
     */
    public record TaskRead(UUID executionId, boolean terminal, ObjectNode task) {}

    private UUID verify(String taskId, AuthenticatedCaller caller) {
        return handles.verify(taskId, Surface.MCP_2026, caller.caller()).orElseThrow(() -> {
            // issue 4: a task of a 2025-era session is refused with a message naming its generation
            boolean of2025 = ExecutionHandles.parse(taskId)
                    .map(c -> c.surface() == Surface.MCP_2025)
                    .orElse(false);
            return of2025
                    ? McpErrors.invalidParams(GenerationMismatch.message(Surface.MCP_2025), null)
                    : McpErrors.taskNotFound();
        });
    }

    private static String taskId(JsonRpcRequest request) {
        JsonNode taskId = request.params().get("taskId");
        if (taskId == null || !taskId.isTextual()) {
            throw McpErrors.invalidParams("params.taskId is required (a string).", null);
        }
        return taskId.asText();
    }
}
