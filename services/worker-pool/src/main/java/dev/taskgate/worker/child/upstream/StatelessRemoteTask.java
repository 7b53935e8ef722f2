package dev.taskgate.worker.child.upstream;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * Follows a task of the tasks extension {@code io.modelcontextprotocol/tasks} (2026-07-28) that an upstream created
 * for a call: polls {@code tasks/get} every {@code pollIntervalMs}; relays the input requests of an
 * {@code input_required} task to the caller and sends the answers with {@code tasks/update}; ends with the
 * {@code CallToolResult} a {@code completed} task carries inline ({@code result}), cut from the received text, or fails
 * with the error of a {@code failed} one. There is no {@code tasks/result} in this generation. A stop, or the call
 * timeout, sends {@code tasks/cancel}.
 */
final class StatelessRemoteTask {
    private static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);
    private static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(5);
    /** JSON-RPC "invalid params": what the extension answers for a task id it does not know. */
    private static final int INVALID_PARAMS = -32602;
    /** Bounds the loop of one run: the deadline ends it first unless the poll interval is tiny. */
    private static final int MAX_POLLS = 1_000_000;

    private final McpSession session;
    private final OperationContext context;
    private final ServerMessages messages;
    private final InputRelay input;
    private final Deadline deadline;
    private final String taskId;
    // eventually consistent (§6.3): a poll may still list requests this run has answered; they are not asked again
    private final Set<String> answered = new HashSet<>();
    private RpcMessage last;

    StatelessRemoteTask(
            McpSession session,
            OperationContext context,
            ServerMessages messages,
            InputRelay input,
            Deadline deadline,
            String taskId) {
        this.session = session;
        this.context = context;
        this.messages = messages;
        this.input = input;
        this.deadline = deadline;
        this.taskId = taskId;
    }

    /**
     * Follows the task from {@code task} (the {@code CreateTaskResult} or the last {@code GetTaskResult}) to its end.
     *
     * @return the {@code CallToolResult} text exactly as the upstream sent it
     */
    String follow(JsonNode task) throws OperationStoppedException, InterruptedException {
        JsonNode current = task;
        for (int poll = 0; poll < MAX_POLLS; poll++) {
            String status = current.path("status").asText("");
            switch (status) {
                case "completed" -> {
                    String result = last == null ? null : last.rawMember("result", "result");
                    if (result != null && current.path("result").isObject()) {
                        return StatelessCall.callToolResult(result);
                    }
                    // a CreateTaskResult has no result: ask for the status, which carries it
                    if (last != null) {
                        throw session.failure("the completed remote task " + taskId + " has no CallToolResult");
                    }
                }
                case "failed" ->
                    throw session.failure("the remote task " + taskId + " failed: " + summary(current.path("error"))
                            + statusMessage(current));
                case "cancelled" ->
                    throw session.failure("the remote task " + taskId + " was cancelled on the upstream"
                            + statusMessage(current) + "; the tool is not invoked again");
                case "input_required" -> answer(current.path("inputRequests"));
                default -> {
                    // "working", or a status this client does not know yet: wait and ask again
                }
            }
            if (!status.equals("completed")) {
                waitFor(current);
            }
            current = status();
        }
        throw session.failure("the remote task " + taskId + " was polled " + MAX_POLLS + " times without ending");
    }

    /**
     * Asks the upstream for the task's status ({@code tasks/get}).
     *
     * @throws UpstreamException saying the task is unknown when the upstream answers -32602
     */
    JsonNode status() throws OperationStoppedException, InterruptedException {
        RpcMessage answer = request("tasks/get");
        if (answer.isError()) {
            if (answer.tree().path("error").path("code").asInt() == INVALID_PARAMS) {
                throw session.failure("remote task " + taskId + " is unknown to the upstream (" + answer.errorSummary()
                        + "); the tool is not invoked again");
            }
            throw session.failure("tasks/get for remote task " + taskId + " failed (" + answer.errorSummary()
                    + "); the tool is not invoked again");
        }
        if (!answer.result().isObject()) {
            throw session.failure("tasks/get for remote task " + taskId + " answered no Task object");
        }
        last = answer;
        return answer.result();
    }

    private void answer(JsonNode requests) throws OperationStoppedException, InterruptedException {
        ObjectNode open = new ObjectMapper().createObjectNode();
        if (requests.isObject()) {
            for (Map.Entry<String, JsonNode> entry : requests.properties()) {
                if (!answered.contains(entry.getKey())) {
                    open.set(entry.getKey(), entry.getValue());
                }
            }
        }
        if (open.isEmpty()) {
            return; // answered already, or withheld from this client: wait for the task to move on
        }
        ObjectNode responses;
        try {
            responses = input.relay(open);
        } catch (OperationStoppedException e) {
            throw stopped();
        } catch (UpstreamException e) {
            cancel();
            throw e;
        }
        responses.fieldNames().forEachRemaining(answered::add);
        ObjectNode params = StatelessRequests.taskParams(taskId);
        params.set("inputResponses", responses);
        RpcMessage ack = send("tasks/update", params);
        if (ack.isError()) {
            throw session.failure("tasks/update of remote task " + taskId + " failed: " + ack.errorSummary());
        }
    }

    private void waitFor(JsonNode task) throws OperationStoppedException, InterruptedException {
        JsonNode interval = task.path("pollIntervalMs");
        Duration wait = interval.canConvertToLong() && interval.asLong() > 0
                ? Duration.ofMillis(interval.asLong())
                : DEFAULT_POLL_INTERVAL;
        Duration remaining = deadline.remaining();
        if (context.awaitStop(wait.compareTo(remaining) < 0 ? wait : remaining)) {
            throw stopped();
        }
        if (deadline.passed()) {
            cancel();
            throw session.failure("the remote task " + taskId + " did not finish within the call timeout of "
                    + deadline.total().toMillis() + " ms; it was cancelled");
        }
    }

    private RpcMessage request(String method) throws OperationStoppedException, InterruptedException {
        return send(method, StatelessRequests.taskParams(taskId));
    }

    private RpcMessage send(String method, ObjectNode params) throws OperationStoppedException, InterruptedException {
        try {
            return session.request(session.nextId(), method, params, deadline, messages, true);
        } catch (OperationStoppedException e) {
            throw stopped();
        }
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
                    StatelessRequests.taskParams(taskId),
                    Deadline.after(CANCEL_TIMEOUT),
                    messages,
                    false);
        } catch (UpstreamException | OperationStoppedException e) {
            // best effort: the run ends stopped or failed whether the upstream heard it or not
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String summary(JsonNode error) {
        return error.isObject()
                ? "error " + error.path("code").asText("?") + ": "
                        + McpSession.sample(error.path("message").asText(""))
                : "no error given";
    }

    private static String statusMessage(JsonNode task) {
        return task.path("statusMessage").isTextual()
                ? " (" + McpSession.sample(task.get("statusMessage").asText()) + ")"
                : "";
    }
}
