package dev.taskgate.frontend.mcp.progress;

import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One request's subscription to the signals of one execution, held while the request waits. Bounded: a burst of
 * progress or log messages beyond the capacity is dropped (both are best effort), while state changes and the
 * caller leaving always get through. A watch with a sink hands each signal to it instead of queueing it (a listen
 * stream following the owner's executions); a watch that {@linkplain #carryMessages() carries} the execution's
 * messages tells the listen streams of this instance to leave them out.
 */
public final class ExecutionWatch implements AutoCloseable {
    private static final int CAPACITY = 256;

    private final UUID executionId;
    private final ExecutionSignals registry;
    private final BlockingQueue<ExecutionSignal> signals = new LinkedBlockingQueue<>();
    private final Consumer<ExecutionSignal> sink;
    private volatile boolean carries;
    private volatile Runnable arrival;

    ExecutionWatch(UUID executionId, ExecutionSignals registry, Consumer<ExecutionSignal> sink) {
        this.executionId = executionId;
        this.registry = registry;
        this.sink = sink;
    }

    /**
     * Says that the request holding this watch streams the execution's progress and log messages to its caller (a
     * {@code tasks/result} stream, a synchronous call's own answer), so that no listen stream here repeats them.
     */
    public void carryMessages() {
        this.carries = true;
    }

    boolean carries() {
        return carries;
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
        arrived();
    }

    /**
     * Runs {@code wake} after each signal queued from now on, on the thread that queued it (the reader's, or the one
     * that saw the caller leave): a request that waits without a thread polls then. It must only hand on.
     */
    public void onArrival(Runnable wake) {
        this.arrival = wake;
    }

    void deliver(ExecutionSignal signal) {
        if (sink != null) {
            sink.accept(signal);
            return;
        }
        if (signal.kind().isBestEffort() && signals.size() >= CAPACITY) {
            return;
        }
        signals.offer(signal);
        arrived();
    }

    private void arrived() {
        Runnable wake = arrival;
        if (wake != null) {
            wake.run();
        }
    }

    /** Stops receiving signals. */
    @Override
    public void close() {
        registry.remove(this);
    }
}
