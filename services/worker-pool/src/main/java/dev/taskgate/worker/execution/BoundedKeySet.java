package dev.taskgate.worker.execution;

import java.util.LinkedHashMap;
import java.util.Map;

/** A thread-safe set that forgets its oldest entries beyond a fixed size: a bounded memory of recent keys. */
final class BoundedKeySet {
    private final Map<ExecutionKey, Boolean> entries;

    BoundedKeySet(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.entries = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<ExecutionKey, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Adds the key; {@code false} if it was already remembered. */
    synchronized boolean add(ExecutionKey key) {
        return entries.put(key, Boolean.TRUE) == null;
    }

    synchronized boolean contains(ExecutionKey key) {
        return entries.containsKey(key);
    }

    synchronized void remove(ExecutionKey key) {
        entries.remove(key);
    }

    synchronized int size() {
        return entries.size();
    }
}
