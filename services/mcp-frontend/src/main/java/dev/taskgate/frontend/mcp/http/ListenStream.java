package dev.taskgate.frontend.mcp.http;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;

/**
 * One open 2025-era listen stream ({@code GET /mcp} in a session): the lifecycle records of its owner's
 * executions waiting to be turned into {@code notifications/tasks/status}, the progress and log records of the tasks
 * it follows ({@link TaskSignal}), the session's log level, and whether it must end. Bounded: a burst beyond the
 * capacity is dropped (the notifications are optional, tasks §6.5; {@code tasks/get} stays the truth).
 */
final class ListenStream {
    static final int CAPACITY = 256;
    private static final int REMEMBERED_TASKS = 1024;
    private static final AtomicLong OPENED = new AtomicLong();

    /**
     * A progress or log record of a task the stream follows.
     *
     * @param executionId the task's execution
     * @param signal      the record
     */
    record TaskSignal(UUID executionId, ExecutionSignal signal) {}

    // queued when the caller's tool list changed (ToolListChanges)
    private static final Object TOOLS_CHANGED = new Object();

    private final long order = OPENED.incrementAndGet();
    private volatile LogLevel logLevel;

    private final String sessionHash;
    private final Mcp2025Session session;
    private final AuthenticatedCaller caller;
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Object endMarker = new Object();
    private volatile boolean ended;
    private final AtomicBoolean toolsChangedQueued = new AtomicBoolean();
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
        this.logLevel = session.logLevel();
    }

    /** Opening order on this instance: the session's oldest open stream carries its tasks' messages. */
    long order() {
        return order;
    }

    /** The session's level for log messages now ({@code logging/setLevel}); {@code null}: none. */
    LogLevel logLevel() {
        return logLevel;
    }

    /** The session's level changed (set here, or seen at a session check). */
    void logLevel(LogLevel level) {
        this.logLevel = level;
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

    /** A progress or log record of a followed task; on the reader's thread: only hands it over. */
    void offer(UUID executionId, ExecutionSignal signal) {
        if (queue.size() < CAPACITY) {
            queue.offer(new TaskSignal(executionId, signal));
        }
    }

    /** The tools its caller may list changed; queued once however often it is told (safe from any thread). */
    void offerToolsChanged() {
        if (toolsChangedQueued.compareAndSet(false, true)) {
            queue.offer(TOOLS_CHANGED);
        }
    }

    /** Whether {@code next} is the tools-changed marker; taking it lets the next change be queued again. */
    boolean isToolsChanged(Object next) {
        if (next != TOOLS_CHANGED) {
            return false;
        }
        toolsChangedQueued.set(false);
        return true;
    }

    /** Ends the stream (session deleted); safe from any thread. */
    void end() {
        ended = true;
        queue.offer(endMarker);
    }

    boolean ended() {
        return ended;
    }

    /**
     * The next record (an {@link ExecutionChanged} or a {@link TaskSignal}), {@code null} after {@code nanos}
     * without one or once the stream must end.
     */
    Object poll(long nanos) throws InterruptedException {
        Object next = queue.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        return next == endMarker ? null : next;
    }

    /** The next record already queued, {@code null} when there is none; never waits. */
    Object poll() {
        Object next = queue.poll();
        return next == endMarker ? null : next;
    }

    /** Whether {@code status} is news for this task on this stream (and remembers it). */
    boolean isNews(String taskId, String status) {
        return !status.equals(sent.put(taskId, status));
    }
}
