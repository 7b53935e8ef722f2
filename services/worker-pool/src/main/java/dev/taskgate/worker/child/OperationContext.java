package dev.taskgate.worker.child;

import java.time.Duration;

/** What a running operation may do besides computing its result: report progress and notice stop requests. */
public interface OperationContext {

    /**
     * Reports progress to the parent.
     *
     * @param progress increases with every report of one run
     * @param total    the value {@code progress} reaches at the end, or {@code null} when unknown
     * @param message  a short human-readable status
     */
    void progress(double progress, Double total, String message);

    /** Whether the parent asked this run to stop. */
    boolean isStopRequested();

    /**
     * Waits up to {@code timeout} and returns early when a stop is requested.
     *
     * @return {@code true} if a stop was requested (before or during the wait)
     */
    boolean awaitStop(Duration timeout) throws InterruptedException;
}
