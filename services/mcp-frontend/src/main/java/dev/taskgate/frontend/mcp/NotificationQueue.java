package dev.taskgate.frontend.mcp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What waits to go out on one long-lived notification stream (a 2025-era listen stream, a 2026-07-28 subscription):
 * records handed over from reader threads, the "tool list changed" mark (queued once however often it is told), an
 * end, and the last status told per task so that one status is told once. Bounded: items beyond {@link #CAPACITY}
 * are dropped (the notifications are optional; {@code tasks/get} stays the truth).
 */
public final class NotificationQueue {
    /** Items waiting at most; more are dropped. */
    public static final int CAPACITY = 256;

    private static final int REMEMBERED_TASKS = 1024;
    private static final Object TOOLS_CHANGED = new Object();

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Object endMarker = new Object();
    private final AtomicBoolean toolsChangedQueued = new AtomicBoolean();
    private volatile boolean ended;
    // the last status told per task, so that queued → working (both "working") is told once
    private final Map<String, String> told = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > REMEMBERED_TASKS;
        }
    };

    /** Queues {@code item} unless the queue is full; safe from any thread, never blocks. */
    public void offer(Object item) {
        if (queue.size() < CAPACITY) {
            queue.offer(item);
        }
    }

    /** The caller's tool list changed; queued once until it is taken (safe from any thread). */
    public void offerToolsChanged() {
        if (toolsChangedQueued.compareAndSet(false, true)) {
            queue.offer(TOOLS_CHANGED);
        }
    }

    /** Whether {@code next} is the tools-changed mark; taking it lets the next change be queued again. */
    public boolean isToolsChanged(Object next) {
        if (next != TOOLS_CHANGED) {
            return false;
        }
        toolsChangedQueued.set(false);
        return true;
    }

    /** Ends the stream; safe from any thread. */
    public void end() {
        ended = true;
        queue.offer(endMarker);
    }

    public boolean ended() {
        return ended;
    }

    /** The next item, {@code null} after {@code nanos} without one or once the stream must end. */
    public Object poll(long nanos) throws InterruptedException {
        Object next = queue.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        return next == endMarker ? null : next;
    }

    /** The next item already queued, {@code null} when there is none; never waits. */
    public Object poll() {
        Object next = queue.poll();
        return next == endMarker ? null : next;
    }

    /** Whether {@code status} is news for this task on this stream (and remembers it). */
    public synchronized boolean isNews(String taskId, String status) {
        return !status.equals(told.put(taskId, status));
    }
}
