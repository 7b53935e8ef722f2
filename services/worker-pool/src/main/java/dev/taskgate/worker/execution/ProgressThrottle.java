package dev.taskgate.worker.execution;

import dev.taskgate.contracts.event.Progress;

/**
 * Limits one run's {@code Progress} events to one per interval without losing the newest report: a report that
 * arrives inside the interval is held (replacing any report held before it) and published when the interval ends, or
 * just before the run's terminal event. So a burst of reports followed by silence or by the result still delivers
 * its last value (e.g. 100 of 100).
 */
final class ProgressThrottle {

    /**
     * What to do with an offered report.
     *
     * @param publishNow   the report to publish at once, or {@code null} when it is held
     * @param flushInMillis when a report is held and no flush is pending yet: how far ahead to schedule
     *                     {@link #takeHeld}; {@code -1} otherwise
     */
    record Offer(Progress publishNow, long flushInMillis) {
        static final long NO_FLUSH = -1;
    }

    private final long intervalMillis;
    private long lastPublishedMillis = Long.MIN_VALUE;
    private Progress held;
    private boolean flushPending;

    ProgressThrottle(long intervalMillis) {
        this.intervalMillis = intervalMillis;
    }

    synchronized Offer offer(Progress report, long nowMillis) {
        if (lastPublishedMillis == Long.MIN_VALUE || nowMillis - lastPublishedMillis >= intervalMillis) {
            lastPublishedMillis = nowMillis;
            held = null;
            return new Offer(report, Offer.NO_FLUSH);
        }
        held = report;
        if (flushPending) {
            return new Offer(null, Offer.NO_FLUSH);
        }
        flushPending = true;
        return new Offer(null, lastPublishedMillis + intervalMillis - nowMillis);
    }

    /** Removes and returns the held report (counting it as published at {@code nowMillis}), or {@code null}. */
    synchronized Progress takeHeld(long nowMillis) {
        flushPending = false;
        Progress report = held;
        held = null;
        if (report != null) {
            lastPublishedMillis = nowMillis;
        }
        return report;
    }
}
