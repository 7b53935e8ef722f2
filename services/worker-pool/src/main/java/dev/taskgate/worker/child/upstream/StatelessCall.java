package dev.taskgate.worker.child.upstream;

import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * One call of a tool of a 2026-07-28 upstream: stateless, so no {@code initialize} and no session; every request
 * carries its own {@code _meta} and headers ({@link StatelessRequests}). The answer's {@code resultType} says what
 * happened (§2): {@code complete} (or absent) is the tool's {@code CallToolResult}, returned exactly as sent but for
 * the framing member {@code resultType};
 * {@code input_required} asks for input, which is relayed to the caller and sent with the repeated call
 * ({@code inputResponses}, {@code requestState}; §10); {@code task} is a task of the tasks extension, whose id is saved
 * as a checkpoint before anything else and which is then followed ({@link StatelessRemoteTask}). A stop sends
 * {@code notifications/cancelled} and closes the response stream (either cancels the request, §5).
 */
final class StatelessCall {
    /** Input rounds of one plain call before the upstream is taken to be looping. */
    static final int MAX_INPUT_ROUNDS = 16;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final UpstreamTarget target;
    private final OperationContext context;
    private final Deadline deadline;
    private final McpSession session;
    private final String progressToken = "taskgate-" + UUID.randomUUID();
    private final ServerMessages messages;
    private final InputRelay input;

    StatelessCall(UpstreamTarget target, OperationContext context) {
        this.target = target;
        this.context = context;
        this.deadline = Deadline.after(target.callTimeout());
        McpHttpTransport transport = new McpHttpTransport(target, context);
        transport.describeEachRequest(UpstreamTarget.STATELESS_PROTOCOL);
        this.session = new McpSession(target, context, transport);
        this.messages = new StatelessServerMessages(target, new UpstreamInteractions(target, context, progressToken));
        this.input = new InputRelay(target, context);
    }

    String run(JsonNode arguments) throws OperationStoppedException, InterruptedException {
        Optional<FrontierResume> resume =
                context.resumeFrom().filter(r -> r.revision().equals(RemoteTaskCheckpoint.REVISION));
        if (resume.isPresent()) {
            RemoteTaskCheckpoint saved = RemoteTaskCheckpoint.parse(resume.get().frontier())
                    .orElseThrow(() ->
                            session.failure("the saved remote task cannot be read; the tool is not invoked again"));
            StatelessRemoteTask task = task(saved.taskId());
            return task.follow(task.status());
        }
        ObjectNode params = MAPPER.createObjectNode().put("name", target.tool());
        params.set("arguments", arguments);
        for (int round = 0; round <= MAX_INPUT_ROUNDS; round++) {
            RpcMessage answer = call(params);
            JsonNode result = answer.result();
            String resultType = result.path("resultType").asText("complete");
            switch (resultType) {
                case "complete" -> {
                    return callToolResult(answer.rawMember("result"));
                }
                case "task" -> {
                    if (!target.taskSupport().callsAsTask()
                            || !result.path("taskId").isTextual()) {
                        throw session.failure("the upstream answered tools/call with a task"
                                + (target.taskSupport().callsAsTask() ? " without a taskId" : " it was not offered"));
                    }
                    String taskId = result.get("taskId").asText();
                    // before anything else: from here on, a replacement must poll this task, never call the tool again
                    context.saveCheckpoint(
                            RemoteTaskCheckpoint.REVISION, new RemoteTaskCheckpoint(taskId, null).toJson());
                    return task(taskId).follow(result);
                }
                case "input_required" -> {
                    params.set("inputResponses", input.relay(result.path("inputRequests")));
                    if (result.path("requestState").isTextual()) {
                        params.put("requestState", result.get("requestState").asText());
                    } else {
                        params.remove("requestState");
                    }
                }
                default ->
                    throw session.failure("the upstream answered tools/call with resultType '"
                            + McpSession.sample(resultType) + "', which Taskgate does not know");
            }
        }
        throw session.failure("the upstream asked for input more than " + MAX_INPUT_ROUNDS
                + " times in one call; the call was given up");
    }

    private RpcMessage call(ObjectNode params) throws OperationStoppedException, InterruptedException {
        ObjectNode sent = params.deepCopy();
        StatelessRequests.described(sent, target.taskSupport().callsAsTask());
        ((ObjectNode) sent.get("_meta")).put("progressToken", progressToken);
        long id = session.nextId();
        RpcMessage answer;
        try {
            answer = session.request(id, "tools/call", sent, deadline, messages, true);
        } catch (OperationStoppedException e) {
            session.postQuietly(cancelled(id, "the caller stopped the execution"));
            throw new OperationStoppedException("stopped; the upstream was told to cancel the call");
        } catch (UpstreamException e) {
            // the upstream may still be working on it (a timeout, a refused interaction): tell it to stop
            session.postQuietly(cancelled(id, "Taskgate gave up on the call"));
            throw e;
        }
        if (answer.isError()) {
            throw session.failure("tools/call failed: " + answer.errorSummary());
        }
        if (!answer.result().isObject()) {
            throw session.failure("the tools/call result is not an object");
        }
        return answer;
    }

    /**
     * The stored {@code CallToolResult}: what the upstream sent, without {@code resultType}, which frames the answer
     * in 2026-07-28 (§2) and is no member of the tool's result: a 2025-era client or REST would otherwise see it.
     */
    static String callToolResult(String sent) {
        return RpcMessage.withoutMember(sent, "resultType");
    }

    private StatelessRemoteTask task(String taskId) {
        return new StatelessRemoteTask(session, context, messages, input, deadline, taskId);
    }

    private static ObjectNode cancelled(long requestId, String reason) {
        ObjectNode notification =
                MAPPER.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/cancelled");
        notification.putObject("params").put("requestId", requestId).put("reason", reason);
        return notification;
    }
}
