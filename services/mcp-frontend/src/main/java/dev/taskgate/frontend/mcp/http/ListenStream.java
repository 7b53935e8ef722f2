package dev.taskgate.frontend.mcp.http;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.NotificationQueue;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;

/**
 * One open 2025-era listen stream ({@code GET /mcp} in a session): the lifecycle records of its owner's
 * executions waiting to be turned into {@code notifications/tasks/status}, the progress and log records of the tasks
 * it follows ({@link TaskSignal}), the session's log level, and whether it must end, in a {@link NotificationQueue}
 * (bounded: the notifications are optional, tasks §6.5; {@code tasks/get} stays the truth).
 */
final class ListenStream {
    private static final AtomicLong OPENED = new AtomicLong();

    /**
     * A progress or log record of a task the stream follows.
     *
     * @param executionId the task's execution
     * @param signal      the record
     */
    record TaskSignal(UUID executionId, ExecutionSignal signal) {}

    private final long order = OPENED.incrementAndGet();
    private volatile LogLevel logLevel;

    private final String sessionHash;
    private final Mcp2025Session session;
    private final AuthenticatedCaller caller;
    private final NotificationQueue queue = new NotificationQueue();

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
        queue.offer(changed);
    }

    /** A progress or log record of a followed task; on the reader's thread: only hands it over. */
    void offer(UUID executionId, ExecutionSignal signal) {
        queue.offer(new TaskSignal(executionId, signal));
    }

    /** The tools its caller may list changed; queued once however often it is told (safe from any thread). */
    void offerToolsChanged() {
        queue.offerToolsChanged();
    }

    /** Whether {@code next} is the tools-changed marker; taking it lets the next change be queued again. */
    boolean isToolsChanged(Object next) {
        return queue.isToolsChanged(next);
    }

    /** Ends the stream (session deleted); safe from any thread. */
    void end() {
        queue.end();
    }

    boolean ended() {
        return queue.ended();
    }

    /**
     * The next record (an {@link ExecutionChanged} or a {@link TaskSignal}), {@code null} after {@code nanos}
     * without one or once the stream must end.
     */
    Object poll(long nanos) throws InterruptedException {
        return queue.poll(nanos);
    }

    /** The next record already queued, {@code null} when there is none; never waits. */
    Object poll() {
        return queue.poll();
    }

    /** Whether {@code status} is news for this task on this stream (and remembers it). */
    boolean isNews(String taskId, String status) {
        return queue.isNews(taskId, status);
    }
}
