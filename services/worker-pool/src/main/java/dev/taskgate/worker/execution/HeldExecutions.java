package dev.taskgate.worker.execution;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import dev.taskgate.contracts.event.WorkerHeartbeat.HeldExecution;

/**
 * The dispatches this instance holds: admitted and not yet ended with an acknowledged terminal event. Heartbeats list
 * only those still running, i.e. whose terminal event has not been claimed ({@link ExecutionRun#finish}) yet.
 */
@ApplicationScoped
public class HeldExecutions {
    private final Map<ExecutionKey, ExecutionRun> runs = new ConcurrentHashMap<>();

    /**
     * What heartbeats report, in a stable order: the held dispatches still running. A run is claimed as ended before
     * its terminal event is stamped ({@link ExecutionRun#finish(java.util.function.Supplier)}) and stays held until
     * the broker acknowledged that event; leaving it out from the claim on means that a heartbeat stamped before this
     * call (as {@code HeartbeatPublisher} does) never lists a run whose terminal event was stamped earlier.
     */
    public List<HeldExecution> snapshot() {
        return runs.values().stream()
                .filter(run -> !run.isFinished())
                .map(ExecutionRun::key)
                .sorted(Comparator.comparing(ExecutionKey::executionId).thenComparingLong(ExecutionKey::epoch))
                .map(k -> new HeldExecution(k.executionId(), k.epoch()))
                .toList();
    }

    /** Whether this dispatch is held. */
    public boolean isHeld(ExecutionKey key) {
        return runs.containsKey(key);
    }

    /** Whether no dispatch is held: none waits for a child, runs, or waits for its terminal event's acknowledgement. */
    public boolean isEmpty() {
        return runs.isEmpty();
    }

    /** Adds a run; {@code false} if the dispatch is already held. */
    boolean add(ExecutionRun run) {
        return runs.putIfAbsent(run.key(), run) == null;
    }

    Optional<ExecutionRun> find(ExecutionKey key) {
        return Optional.ofNullable(runs.get(key));
    }

    void remove(ExecutionRun run) {
        runs.remove(run.key(), run);
    }
}
