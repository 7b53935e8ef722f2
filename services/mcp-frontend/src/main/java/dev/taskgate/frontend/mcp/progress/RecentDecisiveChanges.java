package dev.taskgate.frontend.mcp.progress;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The executions of which this instance read a decisive lifecycle record lately ({@link ExecutionSignals#isDecisive}),
 * watched or not. Bounded: past its capacity the id remembered first is forgotten first. Adding is serialised (the
 * lifecycle reader's one thread adds); looking up is safe from any thread.
 */
final class RecentDecisiveChanges {
    private final Set<UUID> ids = ConcurrentHashMap.newKeySet();
    private final UUID[] order;
    private int next;

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
}
