package dev.taskgate.frontend.mcp.subscriptions;

import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.NotificationQueue;

/**
 * One open {@code subscriptions/listen} of MCP 2026-07-28 ({@link SubscriptionStream}): who opened it, what it
 * agreed to send (the tool list's changes, the status of some tasks), and what waits to go out
 * ({@link NotificationQueue}: bounded, the notifications are optional; {@code tasks/get} stays the truth).
 */
public final class Subscription {
    private final JsonNode id;
    private final AuthenticatedCaller caller;
    private final JsonNode capabilities;
    private final boolean toolsListChanged;
    // execution id -> task id, for the tasks still followed
    private final Map<UUID, String> tasks = new ConcurrentHashMap<>();
    private final NotificationQueue queue = new NotificationQueue();

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

    /** On the lifecycle reader's thread: only hands a followed task's record over. */
    void offer(ExecutionChanged changed) {
        if (tasks.containsKey(changed.executionId())) {
            queue.offer(changed);
        }
    }

    /** The caller's tool list changed; queued once however often it is told (safe from any thread). */
    void offerToolsChanged() {
        if (toolsListChanged) {
            queue.offerToolsChanged();
        }
    }

    boolean isToolsChanged(Object next) {
        return queue.isToolsChanged(next);
    }

    /** The client ended it (stdio: {@code notifications/cancelled}, end of input; HTTP: closed); any thread. */
    public void end() {
        queue.end();
    }

    boolean ended() {
        return queue.ended();
    }

    /** The next record or mark, {@code null} after {@code nanos} without one or once it ended. */
    Object poll(long nanos) throws InterruptedException {
        return queue.poll(nanos);
    }

    /** Whether {@code status} is news for this task here (and remembers it). */
    boolean isNews(String taskId, String status) {
        return queue.isNews(taskId, status);
    }
}
