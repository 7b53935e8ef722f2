package dev.taskgate.frontend.mcp.progress;

import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One request's subscription to the signals of one execution, held while the request waits. Bounded: a burst of
 * progress or log messages beyond the capacity is dropped (both are best effort), while state changes and the
 * caller leaving always get through.
 */
public final class ExecutionWatch implements AutoCloseable {
    private static final int CAPACITY = 256;

    private final UUID executionId;
    private final ExecutionSignals registry;
    private final BlockingQueue<ExecutionSignal> signals = new LinkedBlockingQueue<>();

    ExecutionWatch(UUID executionId, ExecutionSignals registry) {
        this.executionId = executionId;
        this.registry = registry;
    }

    /** The watched execution. */
    public UUID executionId() {
        return executionId;
    }

    /** The next signal, waiting at most {@code nanos}; {@code null} when none arrived in time. */
    public ExecutionSignal poll(long nanos) throws InterruptedException {
        return signals.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
    }

    /** The next signal already delivered, or {@code null}; never waits. */
    public ExecutionSignal poll() {
        return signals.poll();
    }

    /** Tells the waiting request that its caller went away; safe from any thread, including an event loop. */
    public void callerGone() {
        signals.offer(ExecutionSignal.callerGone());
    }

    void deliver(ExecutionSignal signal) {
        if (signal.kind().isBestEffort() && signals.size() >= CAPACITY) {
            return;
        }
        signals.offer(signal);
    }

    /** Stops receiving signals. */
    @Override
    public void close() {
        registry.remove(this);
    }
}
