package dev.taskgate.worker.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.taskgate.tracing.TraceContext;

/**
 * The trace of each execution this instance runs, from the {@code RunOperation} that brought it until its terminal
 * event. An operation reports from the child's threads long after the record was handled, so the context cannot be
 * the current one there: {@link WorkerEventPublisher} puts the one kept here on every event of the execution.
 * Bounded: an execution that never reaches a terminal event here (a duplicate, a run another instance ends) is
 * forgotten once {@value #CAPACITY} newer ones have come.
 */
@ApplicationScoped
public class ExecutionTraces {

    static final int CAPACITY = 4096;

    private final Map<UUID, TraceContext> byExecution = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, TraceContext> eldest) {
            return size() > CAPACITY;
        }
    };

    /** Keeps {@code trace} as the execution's, replacing an older dispatch's. */
    public synchronized void remember(UUID executionId, TraceContext trace) {
        byExecution.remove(executionId);
        byExecution.put(executionId, trace);
    }

    /** The execution's trace, empty when it is not (or no longer) running here. */
    public synchronized Optional<TraceContext> of(UUID executionId) {
        return Optional.ofNullable(byExecution.get(executionId));
    }

    /** Forgets the execution (its terminal event is out). */
    public synchronized void forget(UUID executionId) {
        byExecution.remove(executionId);
    }
}
