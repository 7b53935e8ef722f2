package dev.taskgate.frontend.mcp.v2025;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.query.ExecutionQueries;
import dev.taskgate.problem.ProblemException;

/**
 * {@code notifications/tasks/status} (tasks 2025-11-25 §6.5): params are the {@code Task} exactly as
 * {@code tasks/get} answers it now (read from job-control, so a lost or reordered lifecycle record never reports a
 * stale status), without related-task {@code _meta}. Nothing for an execution the caller can no longer see (past
 * its visibility, another owner's) or of another generation. Blocking.
 */
@Singleton
public class Mcp2025TaskStatus {
    /** The notification's method. */
    public static final String METHOD = "notifications/tasks/status";

    private final ExecutionQueries queries;
    private final ExecutionHandles handles;
    private final Mcp2025TaskView view;

    Mcp2025TaskStatus(ExecutionQueries queries, ExecutionHandles handles, Mcp2025TaskView view) {
        this.queries = queries;
        this.handles = handles;
        this.view = view;
    }

    /**
     * A task as one read saw it.
     *
     * @param taskId    its task id (the caller's 2025 handle)
     * @param task      the {@code Task} as {@code tasks/get} answers it
     * @param execution the execution behind it (its state, progress and stored {@code progressToken})
     */
    public record Reported(String taskId, ObjectNode task, ExecutionSnapshot execution) {}

    /** How many of the owner's newest tasks {@link #unfinished} looks at. */
    static final int UNFINISHED_PAGE = 50;

    /** The task as the caller sees it now, empty when it cannot see it. */
    public Optional<ObjectNode> task(UUID executionId, AuthenticatedCaller caller) {
        return read(executionId, caller).map(Reported::task);
    }

    /** The task as the caller sees it now, with its execution; empty when the caller cannot see it. */
    public Optional<Reported> read(UUID executionId, AuthenticatedCaller caller) {
        ExecutionOutcome outcome;
        try {
            outcome = queries.outcome(executionId, caller.caller());
        } catch (ProblemException e) {
            return Optional.empty(); // gone, hidden or job-control unreachable: the notification is optional
        }
        if (outcome.execution().surface() != Surface.MCP_2025) {
            return Optional.empty();
        }
        String taskId = handles.mint(executionId, Surface.MCP_2025, caller.caller());
        return Optional.of(new Reported(taskId, view.task(taskId, outcome), outcome.execution()));
    }

    /**
     * The caller's 2025 tasks that are not terminal yet, among its {@value #UNFINISHED_PAGE} newest (one page of
     * job-control's owner list); empty when job-control cannot be asked (the messages are optional).
     */
    public List<Reported> unfinished(AuthenticatedCaller caller) {
        ExecutionPage page;
        try {
            page = queries.list(caller.caller(), Surface.MCP_2025, UNFINISHED_PAGE, null);
        } catch (ProblemException e) {
            return List.of();
        }
        return page.items().stream()
                .filter(e -> !e.status().isTerminal() && e.surface() == Surface.MCP_2025)
                .map(e -> {
                    String taskId = handles.mint(e.executionId(), Surface.MCP_2025, caller.caller());
                    return new Reported(taskId, view.task(taskId, e, null), e);
                })
                .toList();
    }

    /** The whole JSON-RPC notification for a task. */
    public static ObjectNode notification(ObjectNode task) {
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", METHOD);
        message.set("params", task);
        return message;
    }
}
