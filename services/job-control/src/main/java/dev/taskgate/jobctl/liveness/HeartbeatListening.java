package dev.taskgate.jobctl.liveness;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Whether this instance's view of heartbeats can be trusted to declare a worker silent. Last-seen times in the
 * database say nothing while no heartbeat reached them, so a silence counts only after this instance has, for a whole
 * heartbeat timeout: been listening (its heartbeat consumer got its partitions), had a healthy feed (connected to the
 * broker and not behind: {@link #feedSampled}), and recorded every heartbeat it read (no {@link #recordingFailed}).
 * So a worker is not declared lost for a Kafka outage, a lagging consumer or a PostgreSQL outage that kept its
 * heartbeats from being recorded — settlement waits until fresh heartbeats have had a whole timeout to arrive.
 */
@ApplicationScoped
public class HeartbeatListening {

    private final AtomicReference<Instant> since = new AtomicReference<>();
    private final AtomicReference<Instant> healthySince = new AtomicReference<>();
    private final AtomicReference<Instant> lastRecordingFailure = new AtomicReference<>();

    /** The heartbeat consumer was assigned its partitions at {@code at}; only the first assignment counts. */
    public void markListening(Instant at) {
        since.compareAndSet(null, at);
    }

    /** What a look at the heartbeat feed at {@code at} showed: healthy, or disconnected or behind. */
    public void feedSampled(Instant at, boolean healthy) {
        if (healthy) {
            healthySince.compareAndSet(null, at);
        } else {
            healthySince.set(null);
        }
    }

    /** A heartbeat that was read at {@code at} could not be recorded (the database is away). */
    public void recordingFailed(Instant at) {
        lastRecordingFailure.set(at);
    }

    /** Whether this instance has been listening for at least {@code timeout} at {@code now}. */
    public boolean hasListenedFor(Duration timeout, Instant now) {
        Instant start = since.get();
        return start != null && !now.isBefore(start.plus(timeout));
    }

    /**
     * Whether a worker not heard from for {@code timeout} may be declared lost at {@code now}: listening, a healthy feed
     * and every heartbeat recorded, each for the whole timeout.
     */
    public boolean maySettleSilence(Duration timeout, Instant now) {
        Instant healthy = healthySince.get();
        Instant failed = lastRecordingFailure.get();
        return hasListenedFor(timeout, now)
                && healthy != null
                && !now.isBefore(healthy.plus(timeout))
                && (failed == null || !now.isBefore(failed.plus(timeout)));
    }

    /** Why silence may not be settled now, for the log; {@code null} when it may. */
    public String suspension(Duration timeout, Instant now) {
        if (maySettleSilence(timeout, now)) {
            return null;
        }
        if (!hasListenedFor(timeout, now)) {
            return "not listening for a whole heartbeat timeout yet";
        }
        Instant healthy = healthySince.get();
        if (healthy == null) {
            return "the heartbeat feed is disconnected or behind";
        }
        if (now.isBefore(healthy.plus(timeout))) {
            return "the heartbeat feed recovered less than a heartbeat timeout ago";
        }
        return "a heartbeat could not be recorded less than a heartbeat timeout ago";
    }
}
