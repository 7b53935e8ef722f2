package dev.taskgate.worker.child.upstream;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * Calls one tool of an upstream MCP server and returns the upstream's {@code CallToolResult} exactly as it sent it
 * ({@code isError: true} included). A tool that supports tasks is called as a task; the task id is checkpointed
 * before anything else so that a replacement run polls that task and never calls the tool again. An upstream of the
 * stateless 2026-07-28 generation is called by {@link StatelessCall} over the same transport.
 */
public final class UpstreamCallOperation implements Operation {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String CLIENT_NAME = "taskgate";
    private static final String CLIENT_VERSION = "0.1.0";

    private final UpstreamTarget target;
    private final UpstreamSessions sessions;

    public UpstreamCallOperation(UpstreamTarget target) {
        this(target, UpstreamSessions.CHILD);
    }

    UpstreamCallOperation(UpstreamTarget target, UpstreamSessions sessions) {
        this.target = target;
        this.sessions = sessions;
    }

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        if (target.isStateless()) {
            return new StatelessCall(target, context).run(input);
        }
        Deadline deadline = Deadline.after(target.callTimeout());
        Optional<FrontierResume> resume =
                context.resumeFrom().filter(r -> r.revision().equals(RemoteTaskCheckpoint.REVISION));
        // a stdio upstream's process an earlier call left idle (never for a resumed task, which starts afresh)
        Optional<UpstreamSessions.IdleProcess> kept =
                resume.isEmpty() ? sessions.takeProcess(target) : Optional.empty();
        McpSession session = kept.map(process -> McpSession.overKeptProcess(target, context, process))
                .orElseGet(() -> McpSession.of(target, context));
        String progressToken = "taskgate-" + UUID.randomUUID();
        UpstreamInteractions interactions = new UpstreamInteractions(target, context, progressToken);
        boolean reusable = false;
        try {
            if (resume.isPresent()) {
                RemoteTaskCheckpoint saved = RemoteTaskCheckpoint.parse(
                                resume.get().frontier())
                        .orElseThrow(() ->
                                session.failure("the saved remote task cannot be read; the tool is not invoked again"));
                return resume(saved, session, interactions, deadline, context);
            }
            Attempt call = () -> call(input, progressToken, session, interactions, deadline, context);
            String result;
            if (kept.isPresent()) {
                requireTasksIfNeeded(session, kept.get().version());
                result = call.run();
            } else {
                result = callInSession(session, interactions, deadline, call);
            }
            // a session that learned this caller's roots is not another caller's to use
            reusable = !interactions.askedForRoots();
            return result;
        } finally {
            if (reusable && session.sessionId().isPresent()) {
                sessions.keep(
                        target,
                        new UpstreamSessions.Idle(
                                session.sessionId().get(),
                                session.protocolVersion().orElseThrow()));
            } else {
                // only a call that ended cleanly leaves its stdio process for the next: any other may have left the
                // upstream mid-request (and one that relayed roots left this caller's roots with it)
                Optional<UpstreamSessions.IdleProcess> process = reusable ? session.detachProcess() : Optional.empty();
                if (process.isPresent()) {
                    sessions.keepProcess(target, process.get());
                } else {
                    session.terminate();
                }
            }
        }
    }

    /** One attempt of the call in the session as it stands. */
    @FunctionalInterface
    private interface Attempt {
        String run() throws OperationStoppedException, InterruptedException;
    }

    /**
     * The call, in the session an earlier call of this upstream left idle in this child, or in a new one. An upstream
     * that answers 404 has forgotten the session (expired, restarted): it never saw the call, so the call is made in a
     * new session — still the only one.
     */
    private String callInSession(McpSession session, UpstreamInteractions interactions, Deadline deadline, Attempt call)
            throws OperationStoppedException, InterruptedException {
        Optional<UpstreamSessions.Idle> idle = sessions.take(target);
        if (idle.isEmpty()) {
            initialize(session, interactions, deadline);
            return call.run();
        }
        session.adopt(idle.get().sessionId(), idle.get().version());
        requireTasksIfNeeded(session, idle.get().version());
        try {
            return call.run();
        } catch (UpstreamException e) {
            if (e.httpStatus() != 404) {
                throw e;
            }
            session.reset();
            initialize(session, interactions, deadline);
            return call.run();
        }
    }

    private String call(
            JsonNode input,
            String progressToken,
            McpSession session,
            UpstreamInteractions interactions,
            Deadline deadline,
            OperationContext context)
            throws OperationStoppedException, InterruptedException {
        long id = session.nextId();
        ObjectNode params = MAPPER.createObjectNode().put("name", target.tool());
        params.set("arguments", input);
        params.putObject("_meta").put("progressToken", progressToken);
        if (target.taskSupport().callsAsTask()) {
            params.putObject("task");
        }
        RpcMessage answer;
        try {
            answer = session.request(id, "tools/call", params, deadline, interactions, true);
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
        JsonNode result = answer.result();
        if (!result.isObject()) {
            throw session.failure("the tools/call result is not a CallToolResult object");
        }
        if (target.taskSupport().callsAsTask()
                && result.path("task").path("taskId").isTextual()
                && !result.has("content")) {
            String taskId = result.get("task").get("taskId").asText();
            // before anything else: from here on, a replacement must poll this task, never call the tool again
            context.saveCheckpoint(
                    RemoteTaskCheckpoint.REVISION,
                    new RemoteTaskCheckpoint(taskId, session.sessionId().orElse(null)).toJson());
            return new RemoteTask(target, session, context, interactions, deadline, taskId).follow(result.get("task"));
        }
        return answer.rawMember("result");
    }

    /**
     * Continues a replaced run's task: in the session it was created in if the upstream still has it (that session
     * was initialized already, and a server refuses a second {@code initialize} on it), else in a fresh session.
     */
    private String resume(
            RemoteTaskCheckpoint saved,
            McpSession session,
            UpstreamInteractions interactions,
            Deadline deadline,
            OperationContext context)
            throws OperationStoppedException, InterruptedException {
        RemoteTask task = new RemoteTask(target, session, context, interactions, deadline, saved.taskId());
        JsonNode status;
        if (saved.sessionId() != null) {
            session.adopt(saved.sessionId(), target.protocol());
            try {
                status = task.status();
            } catch (UpstreamException e) {
                if (e.httpStatus() != 400 && e.httpStatus() != 404) {
                    throw e;
                }
                session.reset();
                initialize(session, interactions, deadline);
                status = task.status();
            }
        } else {
            initialize(session, interactions, deadline);
            status = task.status();
        }
        return task.follow(status);
    }

    private void initialize(McpSession session, UpstreamInteractions interactions, Deadline deadline)
            throws OperationStoppedException, InterruptedException {
        ObjectNode params = MAPPER.createObjectNode().put("protocolVersion", target.protocol());
        // what UpstreamInteractions relays to the caller (the upstream's relay setting); roots without listChanged: the
        // caller's roots are asked anew
        ObjectNode capabilities = params.putObject("capabilities");
        for (String capability : List.of("elicitation", "sampling", "roots")) {
            if (target.relays(capability)) {
                capabilities.putObject(capability);
            }
        }
        params.putObject("clientInfo").put("name", CLIENT_NAME).put("version", CLIENT_VERSION);
        RpcMessage answer = session.request(session.nextId(), "initialize", params, deadline, interactions, true);
        if (answer.isError()) {
            throw session.failure("initialize failed: " + answer.errorSummary());
        }
        String version = answer.result().path("protocolVersion").asText("");
        if (!UpstreamTarget.PROTOCOLS.contains(version)) {
            throw session.failure("the upstream answered initialize with protocol '" + McpSession.sample(version)
                    + "', which Taskgate does not speak");
        }
        requireTasksIfNeeded(session, version);
        session.negotiated(version);
        session.post(
                MAPPER.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized"),
                "notifications/initialized",
                deadline);
    }

    private void requireTasksIfNeeded(McpSession session, String version) {
        if (target.taskSupport().callsAsTask() && !version.equals(UpstreamTarget.TASKS_PROTOCOL)) {
            throw session.failure(
                    "the tool supports tasks but the upstream negotiated protocol " + version + ", which has none");
        }
    }

    private static ObjectNode cancelled(long requestId, String reason) {
        ObjectNode notification =
                MAPPER.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/cancelled");
        notification.putObject("params").put("requestId", requestId).put("reason", reason);
        return notification;
    }
}
