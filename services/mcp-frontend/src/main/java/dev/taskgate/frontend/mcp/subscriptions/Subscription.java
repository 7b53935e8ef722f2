package dev.taskgate.frontend.mcp.subscriptions;

import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.auth.AuthenticatedCaller;

/**
 * One open {@code subscriptions/listen} of MCP 2026-07-28 ({@link SubscriptionStream}): who opened it, what it
 * agreed to send (the tool list's changes, the status of some tasks), and the lifecycle records and tool-list
 * changes waiting to go out. Bounded: records beyond {@link #CAPACITY} are dropped (the notifications are optional;
 * {@code tasks/get} stays the truth).
 */
public final class Subscription {
    static final int CAPACITY = 256;

    // queued when the caller's tool list changed
    private static final Object TOOLS_CHANGED = new Object();

    private final JsonNode id;
    private final AuthenticatedCaller caller;
    private final JsonNode capabilities;
    private final boolean toolsListChanged;
    // execution id -> task id, for the tasks still followed
    private final Map<UUID, String> tasks = new ConcurrentHashMap<>();
    // task id -> the last status sent, so that queued → working (both "working") is told once
    private final Map<String, String> sent = new ConcurrentHashMap<>();
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final AtomicBoolean toolsChangedQueued = new AtomicBoolean();
    private final Object endMarker = new Object();
    private volatile boolean ended;

    /**
     * @param id               the listen request's id: the subscription's id on every message
     * @param caller           who opened it
     * @param capabilities     the listen request's client capabilities (what a task's input requests may show)
     * @param toolsListChanged whether it agreed to tell the tool list's changes
     * @param tasks            the tasks whose status it agreed to tell: execution id → task id
     */
    Subscription(
            JsonNode id,
            AuthenticatedCaller caller,
            JsonNode capabilities,
            boolean toolsListChanged,
            Map<UUID, String> tasks) {
        this.id = id;
        this.caller = caller;
        this.capabilities = capabilities;
        this.toolsListChanged = toolsListChanged;
        this.tasks.putAll(tasks);
    }

    JsonNode id() {
        return id;
    }

    AuthenticatedCaller caller() {
        return caller;
    }

    JsonNode capabilities() {
        return capabilities;
    }

    boolean toolsListChanged() {
        return toolsListChanged;
    }

    /** Whether anything can still be told: the tool list's changes, or a task not ended yet. */
    boolean hasMoreToTell() {
        return toolsListChanged || !tasks.isEmpty();
    }

    /** The executions followed now (a copy). */
    Set<UUID> followedExecutions() {
        return Set.copyOf(tasks.keySet());
    }

    /** The task id of a followed execution, or {@code null}. */
    String taskOf(UUID executionId) {
        return tasks.get(executionId);
    }

    /** The task ended: nothing more will be told of it. */
    void forget(UUID executionId) {
        tasks.remove(executionId);
    }

    /** On the lifecycle reader's thread: only hands the record over. */
    void offer(ExecutionChanged changed) {
        if (tasks.containsKey(changed.executionId()) && queue.size() < CAPACITY) {
            queue.offer(changed);
        }
    }

    /** The caller's tool list changed; queued once however often it is told (safe from any thread). */
    void offerToolsChanged() {
        if (toolsListChanged && toolsChangedQueued.compareAndSet(false, true)) {
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

    /** The client ended it (stdio: {@code notifications/cancelled}, end of input); safe from any thread. */
    public void end() {
        ended = true;
        queue.offer(endMarker);
    }

    boolean ended() {
        return ended;
    }

    /** The next record or marker, {@code null} after {@code nanos} without one or once it ended. */
    Object poll(long nanos) throws InterruptedException {
        Object next = queue.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        return next == endMarker ? null : next;
    }

    /** Whether {@code status} is news for this task on this stream (and remembers it). */
    boolean isNews(String taskId, String status) {
        return !status.equals(sent.put(taskId, status));
    }
}
