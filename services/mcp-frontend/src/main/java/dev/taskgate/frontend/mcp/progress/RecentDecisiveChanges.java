package dev.taskgate.frontend.mcp.progress;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The executions of which this instance read a decisive lifecycle record lately ({@link ExecutionSignals#isDecisive}),
 * watched or not. Bounded: past its capacity the id remembered first is forgotten first. Adding is serialised (the
 * lifecycle reader's one thread adds); looking up is safe from any thread.
 *
 * <p>{@link #added()} counts the ids remembered so far. It is raised before the oldest id is forgotten, so a reader
 * that finds an id gone and then reads the count sees a count that tells it so: every id remembered when the count was
 * {@code n} or later is still held while the count is at most {@code n + capacity}.
 */
final class RecentDecisiveChanges {
    private final Set<UUID> ids = ConcurrentHashMap.newKeySet();
    private final UUID[] order;
    private int next;
    private volatile long added;

    RecentDecisiveChanges(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.order = new UUID[capacity];
    }

    synchronized void add(UUID executionId) {
        if (!ids.add(executionId)) {
            return;
        }
        added++; // only this synchronized method writes it
        UUID oldest = order[next];
        if (oldest != null) {
            ids.remove(oldest);
        }
        order[next] = executionId;
        next = (next + 1) % order.length;
    }

    boolean contains(UUID executionId) {
        return ids.contains(executionId);
    }

    /** How many ids were remembered so far (an id remembered again while held counts once). */
    long added() {
        return added;
    }

    /** How many ids are held at most. */
    int capacity() {
        return order.length;
    }
}
