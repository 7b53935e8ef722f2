package dev.taskgate.frontend.mcp.http;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;

/**
 * One open 2025-era listen stream ({@code GET /mcp} in a session): the lifecycle records of its owner's
 * executions waiting to be turned into {@code notifications/tasks/status}, and whether it must end. Bounded: a burst
 * beyond the capacity is dropped (the notifications are optional, tasks §6.5; {@code tasks/get} stays the truth).
 */
final class ListenStream {
    static final int CAPACITY = 256;
    private static final int REMEMBERED_TASKS = 1024;

    private final String sessionHash;
    private final Mcp2025Session session;
    private final AuthenticatedCaller caller;
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Object endMarker = new Object();
    private volatile boolean ended;
    // the last status sent per task, so that queued → working (both "working") is told once
    private final Map<String, String> sent = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > REMEMBERED_TASKS;
        }
    };

    ListenStream(String sessionHash, Mcp2025Session session, AuthenticatedCaller caller) {
        this.sessionHash = sessionHash;
        this.session = session;
        this.caller = caller;
    }

    String sessionHash() {
        return sessionHash;
    }

    Mcp2025Session session() {
        return session;
    }

    AuthenticatedCaller caller() {
        return caller;
    }

    /** Whether a lifecycle record concerns an execution of this stream's owner made through this generation. */
    boolean follows(ExecutionChanged changed) {
        return changed.principal() != null
                && changed.principal().equals(caller.caller().principal())
                && caller.caller().orgId().equals(changed.orgId())
                && caller.caller().projectId().equals(changed.projectId())
                && changed.surface() == Surface.MCP_2025;
    }

    void offer(ExecutionChanged changed) {
        if (queue.size() < CAPACITY) {
            queue.offer(changed);
        }
    }

    /** Ends the stream (session deleted); safe from any thread. */
    void end() {
        ended = true;
        queue.offer(endMarker);
    }

    boolean ended() {
        return ended;
    }

    /** The next record, {@code null} after {@code nanos} without one or once the stream must end. */
    ExecutionChanged poll(long nanos) throws InterruptedException {
        Object next = queue.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        return next instanceof ExecutionChanged changed ? changed : null;
    }

    /** Whether {@code status} is news for this task on this stream (and remembers it). */
    boolean isNews(String taskId, String status) {
        return !status.equals(sent.put(taskId, status));
    }
}
