package dev.taskgate.jobctl.liveness;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Since when this instance has been receiving heartbeats. Last-seen times in the database say nothing while no
 * instance was listening (e.g. right after every job-control instance restarted), so this instance declares a
 * worker silent only after it has itself listened for a whole heartbeat timeout.
 */
@ApplicationScoped
public class HeartbeatListening {

    private final AtomicReference<Instant> since = new AtomicReference<>();

    /** The heartbeat consumer was assigned its partitions at {@code at}; only the first assignment counts. */
    public void markListening(Instant at) {
        since.compareAndSet(null, at);
    }

    /** Whether this instance has been listening for at least {@code timeout} at {@code now}. */
    public boolean hasListenedFor(Duration timeout, Instant now) {
        Instant start = since.get();
        return start != null && !now.isBefore(start.plus(timeout));
    }
}
