package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.SurfaceSwitches;
import dev.taskgate.frontend.mcp.ToolListChanges;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Server;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Sessions;
import dev.taskgate.frontend.mcp.v2025.Mcp2025TaskMessages;
import dev.taskgate.frontend.mcp.v2025.Mcp2025TaskStatus;
import dev.taskgate.frontend.web.ClientDeparture;

/**
 * {@code GET /mcp} with {@code Mcp-Session-Id} (transports 2025-11-25 §2.2): an SSE stream of server-initiated
 * messages for the session, here {@code notifications/tasks/status} for the owner's 2025-era tasks and, for the tasks
 * it follows, their {@code notifications/progress} and {@code notifications/message} ({@link Mcp2025TaskMessages};
 * only on the session's oldest stream here, and not while a request here streams them: one message, one stream)
 * (2025-11-25 sessions only; older ones negotiated no tasks and get keep-alives). Checked like a POST in the session: 404 for an
 * unknown, ended or someone else's session, 400 for a wrong {@code MCP-Protocol-Version}; 406 without
 * {@code Accept: text/event-stream}. Bounded by {@link FrontendConfig.Listen}: keep-alive comments, an open time
 * after which the server ends the stream, per-session and per-instance caps (409 / 503). A DELETE of the session
 * ends its streams (at once on this replica, at the next session check elsewhere).
 */
@Singleton
class Mcp2025Listen {
    private static final Logger LOG = Logger.getLogger(Mcp2025Listen.class);

    private final Mcp2025Sessions sessions;
    private final ListenStreams streams;
    private final Mcp2025TaskStatus status;
    private final Mcp2025TaskMessages messages;
    private final ExecutionSignals signals;
    private final FrontendConfig.Listen limits;
    private final ToolListChanges toolLists;
    private final SurfaceSwitches switches;

    Mcp2025Listen(
            Mcp2025Sessions sessions,
            ListenStreams streams,
            Mcp2025TaskStatus status,
            Mcp2025TaskMessages messages,
            ExecutionSignals signals,
            FrontendConfig config,
            ToolListChanges toolLists,
            SurfaceSwitches switches) {
        this.switches = switches;
        this.toolLists = toolLists;
        this.sessions = sessions;
        this.streams = streams;
        this.status = status;
        this.messages = messages;
        this.signals = signals;
        this.limits = config.listen();
    }

    /** Opens the stream, or the error response. */
    Response open(
            String sessionId,
            String accept,
            String version,
            AuthenticatedCaller caller,
            HttpServerResponse connection) {
        if (accept == null || !accept.contains("text/event-stream")) {
            return Response.status(406)
                    .type(MediaType.APPLICATION_JSON)
                    .entity(McpResponses.error(
                            null,
                            McpErrors.invalidRequest("GET /mcp opens an SSE stream: send Accept: text/event-stream.")
                                    .error()))
                    .build();
        }
        String id = sessionId.trim();
        Optional<Mcp2025Session> found = sessions.use(id, caller.caller());
        if (found.isEmpty()) {
            return Mcp2025Http.sessionNotFound(null);
        }
        Mcp2025Session session = Mcp2025Http.checkVersion(found.get(), version);
        ListenStream stream = ListenStreams.stream(id, session, caller);
        switch (streams.open(stream)) {
            case SESSION_FULL:
                return refused(
                        409,
                        "This session already has " + limits.maxPerSession()
                                + " open streams on this server; close one first.");
            case INSTANCE_FULL:
                return Response.fromResponse(refused(503, "Too many open streams on this server; retry later."))
                        .header("Retry-After", "5")
                        .build();
            default:
                break;
        }
        // a client that goes away before the body is written (then never is) frees its place; once streaming,
        // the loop sees the closed connection (ClientDeparture; writes to it do not always fail)
        connection.closeHandler(v -> {
            stream.end();
            streams.closed(stream);
        });
        StreamingOutput body = out -> serve(stream, out, connection);
        return SseEvents.response(body);
    }

    private void serve(ListenStream stream, OutputStream out, HttpServerResponse connection) {
        boolean tasks = Mcp2025Server.negotiatesTasks(switches, stream.session().protocolVersion());
        long now = System.nanoTime();
        long endAt = now + limits.maxOpen().toNanos();
        long checkAt = now + limits.sessionCheck().toNanos();
        long keepAlive = limits.keepAlive().toNanos();
        ToolListChanges.Watch toolList =
                toolLists.watch(stream.caller().caller().workspace(), stream::offerToolsChanged);
        try (Mcp2025TaskMessages.Followed followed = messages.open(stream::offer)) {
            SseEvents.comment(out, "stream open"); // the headers go out now: the client knows the stream is open
            long lastSent = System.nanoTime();
            if (tasks) {
                // tasks that run already change no state until they end: follow them from now on (their messages)
                status.unfinished(stream.caller()).forEach(followed::update);
            }
            while (!stream.ended()) {
                if (connection.closed()) {
                    return;
                }
                now = System.nanoTime();
                if (now >= endAt) {
                    return; // the client reconnects (§2.2); bounded worker-thread use
                }
                if (now >= checkAt) {
                    Optional<Mcp2025Session> live =
                            sessions.use(stream.session().id(), stream.caller().caller());
                    if (live.isEmpty()) {
                        return; // deleted or expired, maybe on another replica
                    }
                    stream.logLevel(live.get().logLevel()); // set through another replica
                    checkAt = now + limits.sessionCheck().toNanos();
                }
                long progressDue = followed.nextDue(now);
                long wakeAt = ClientDeparture.wakeAt(Math.min(lastSent + keepAlive, Math.min(endAt, checkAt)), now);
                if (progressDue != Long.MAX_VALUE && progressDue - wakeAt < 0) {
                    wakeAt = progressDue;
                }
                Object next = stream.poll(wakeAt - now);
                if (next != null && stream.isToolsChanged(next)) {
                    if (streams.carries(stream)) { // one stream of the session here tells it
                        SseEvents.eventOnOneLine(out, McpResponses.notification(ToolListChanges.notification()));
                        lastSent = System.nanoTime();
                    }
                } else if (next != null && tasks && handle(stream, followed, next, out)) {
                    lastSent = System.nanoTime();
                }
                now = System.nanoTime();
                if (progressDue != Long.MAX_VALUE && now - progressDue >= 0) {
                    // what already arrived first: a state change read now ends its task's progress (tasks §9)
                    while ((next = stream.poll()) != null) {
                        if (handle(stream, followed, next, out)) {
                            lastSent = System.nanoTime();
                        }
                    }
                    for (Map.Entry<UUID, ObjectNode> due :
                            followed.dueProgress(System.nanoTime()).entrySet()) {
                        if (carries(stream, due.getKey())) {
                            SseEvents.eventOnOneLine(out, McpResponses.notification(due.getValue()));
                            lastSent = System.nanoTime();
                        }
                    }
                } else if (next == null && !stream.ended() && now - (lastSent + keepAlive) >= 0) {
                    SseEvents.keepAlive(out);
                    lastSent = now;
                }
            }
        } catch (IOException e) {
            LOG.debugf("listen stream closed by the client");
        } catch (McpException e) {
            LOG.debugf("listen stream ended: session check failed reason=%s", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            toolList.close();
            streams.closed(stream);
        }
    }

    // One queued record; whether something was sent.
    private boolean handle(ListenStream stream, Mcp2025TaskMessages.Followed followed, Object next, OutputStream out)
            throws IOException {
        if (next instanceof ExecutionChanged changed) {
            return report(stream, followed, changed, out);
        }
        if (next instanceof ListenStream.TaskSignal signal) {
            List<ObjectNode> logs = followed.onSignal(signal.executionId(), signal.signal(), stream.logLevel());
            if (logs.isEmpty() || !carries(stream, signal.executionId())) {
                return false;
            }
            for (ObjectNode log : logs) {
                SseEvents.eventOnOneLine(out, McpResponses.notification(log));
            }
            return true;
        }
        return false;
    }

    // One message goes out on one stream (transports §2.1 "Multiple Connections"): a request streaming the task's
    // messages here (tasks/result, the call's own answer) takes them, else the session's oldest listen stream here.
    private boolean carries(ListenStream stream, UUID executionId) {
        return streams.carries(stream) && !signals.isCarried(executionId);
    }

    private boolean report(
            ListenStream stream, Mcp2025TaskMessages.Followed followed, ExecutionChanged changed, OutputStream out)
            throws IOException {
        Optional<Mcp2025TaskStatus.Reported> read = status.read(changed.executionId(), stream.caller());
        if (read.isEmpty()) {
            followed.forget(changed.executionId());
            return false;
        }
        Mcp2025TaskStatus.Reported task = read.get();
        followed.update(task); // a terminal task is forgotten before its status goes out: nothing follows it
        if (!stream.isNews(task.taskId(), task.task().get("status").asText())) {
            return false;
        }
        SseEvents.eventOnOneLine(out, McpResponses.notification(Mcp2025TaskStatus.notification(task.task())));
        return true;
    }

    private static Response refused(int status, String message) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON)
                .entity(McpResponses.error(
                        null, McpErrors.invalidRequest(message).error()))
                .build();
    }
}
