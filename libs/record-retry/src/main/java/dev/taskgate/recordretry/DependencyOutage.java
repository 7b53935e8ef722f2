package dev.taskgate.recordretry;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The consumers holding a record they cannot handle because a dependency is away (by channel name), until the record
 * went through; each service's readiness reports them.
 */
public final class DependencyOutage {

    private final Set<String> waiting = ConcurrentHashMap.newKeySet();

    /** {@code consumer} is holding a record until a dependency is back. */
    public void waiting(String consumer) {
        waiting.add(consumer);
    }

    /** {@code consumer} handled its record: nothing of its waits any more. */
    public void recovered(String consumer) {
        waiting.remove(consumer);
    }

    /** Whether any consumer is waiting for a dependency. */
    public boolean isWaiting() {
        return !waiting.isEmpty();
    }

    /** The waiting consumers, comma-separated (empty when none). */
    public String waitingConsumers() {
        return String.join(",", waiting);
    }
}
