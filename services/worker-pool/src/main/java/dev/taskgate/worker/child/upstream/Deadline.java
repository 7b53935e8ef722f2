package dev.taskgate.worker.child.upstream;

import java.time.Duration;

/** A point on the monotonic clock by which the upstream call must be over. */
final class Deadline {
    private final long endNanos;
    private final Duration total;

    private Deadline(long endNanos, Duration total) {
        this.endNanos = endNanos;
        this.total = total;
    }

    static Deadline after(Duration total) {
        return new Deadline(System.nanoTime() + total.toNanos(), total);
    }

    Duration remaining() {
        return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
    }

    boolean passed() {
        return endNanos - System.nanoTime() <= 0;
    }

    /** The whole allowance, for messages. */
    Duration total() {
        return total;
    }
}
