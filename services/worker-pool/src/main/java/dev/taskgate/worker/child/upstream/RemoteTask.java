package dev.taskgate.worker.child.upstream;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * Follows a task the upstream created for the call (MCP 2025-11-25, "Tasks"): polls {@code tasks/get} at the
 * task's {@code pollInterval} until it needs input or ends, then fetches {@code tasks/result}, whose stream carries
 * the upstream's elicitation requests while the task waits for input and whose result is the tool's
 * {@code CallToolResult}. A stop cancels the task ({@code tasks/cancel}).
 */
final class RemoteTask {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);
    private static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(5);
    /** JSON-RPC "invalid params": what a receiver answers for a task id it does not know. */
    private static final int INVALID_PARAMS = -32602;

    private final UpstreamTarget target;
    private final McpSession session;
    private final OperationContext context;
    private final ServerMessages interactions;
    private final Deadline deadline;
    private final String taskId;

    RemoteTask(
            UpstreamTarget target,
            McpSession session,
            OperationContext context,
            ServerMessages interactions,
            Deadline deadline,
            String taskId) {
        this.target = target;
        this.session = session;
        this.context = context;
        this.interactions = interactions;
        this.deadline = deadline;
        this.taskId = taskId;
    }

    /**
     * Follows the task from {@code task} (the {@code Task} the upstream last reported) to its result.
     *
     * @return the {@code CallToolResult} text exactly as the upstream sent it
     */
    String follow(JsonNode task) throws OperationStoppedException, InterruptedException {
        JsonNode current = task;
        while (true) {
            String status = current.path("status").asText("");
            switch (status) {
                case "input_required", "completed", "failed" -> {
                    return result();
                }
                case "cancelled" ->
                    throw session.failure("the remote task " + taskId
                            + " was cancelled on the upstream" + statusMessage(current)
                            + "; the tool is not invoked again");
                default -> {
                    // "working", or a status this client does not know yet: wait and ask again
                    Duration interval = current.path("pollInterval").canConvertToLong()
                                    && current.path("pollInterval").asLong() > 0
                            ? Duration.ofMillis(current.get("pollInterval").asLong())
                            : DEFAULT_POLL_INTERVAL;
                    Duration remaining = deadline.remaining();
                    if (context.awaitStop(interval.compareTo(remaining) < 0 ? interval : remaining)) {
                        throw stopped();
                    }
                    if (deadline.passed()) {
                        cancel();
                        throw session.failure("the remote task " + taskId + " did not finish within the call"
                                + " timeout of " + deadline.total().toMillis() + " ms; it was cancelled");
                    }
                    current = status();
                }
            }
        }
    }

    /**
     * Asks the upstream for the task's status.
     *
     * @throws UpstreamException saying the task is unknown when the upstream answers with an error
     */
    JsonNode status() throws OperationStoppedException, InterruptedException {
        RpcMessage answer;
        try {
            answer = session.request(session.nextId(), "tasks/get", taskParams(), deadline, interactions, true);
        } catch (OperationStoppedException e) {
            throw stopped();
        }
        if (answer.isError()) {
            if (answer.tree().path("error").path("code").asInt() == INVALID_PARAMS) {
                throw session.failure("remote task " + taskId + " is unknown to the upstream (" + answer.errorSummary()
                        + "); the tool is not invoked again");
            }
            throw session.failure("tasks/get for remote task " + taskId + " failed (" + answer.errorSummary()
                    + "); the tool is not invoked again");
        }
        return answer.result();
    }

    private String result() throws OperationStoppedException, InterruptedException {
        RpcMessage answer;
        try {
            answer = session.request(session.nextId(), "tasks/result", taskParams(), deadline, interactions, true);
        } catch (OperationStoppedException e) {
            throw stopped();
        } catch (UpstreamException e) {
            cancel();
            throw e;
        }
        if (answer.isError()) {
            throw session.failure("the remote task " + taskId + " failed: " + answer.errorSummary());
        }
        if (!answer.result().isObject()) {
            throw session.failure("the result of remote task " + taskId + " is not a CallToolResult object");
        }
        return answer.rawMember("result");
    }

    private OperationStoppedException stopped() {
        cancel();
        return new OperationStoppedException("stopped; the upstream was asked to cancel remote task " + taskId);
    }

    private void cancel() {
        try {
            session.request(
                    session.nextId(),
                    "tasks/cancel",
                    taskParams(),
                    Deadline.after(CANCEL_TIMEOUT),
                    interactions,
                    false);
        } catch (UpstreamException | OperationStoppedException e) {
            // best effort: the run ends stopped or failed whether the upstream heard it or not
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ObjectNode taskParams() {
        return MAPPER.createObjectNode().put("taskId", taskId);
    }

    private static String statusMessage(JsonNode task) {
        return task.path("statusMessage").isTextual()
                ? " (" + McpSession.sample(task.get("statusMessage").asText()) + ")"
                : "";
    }
}
