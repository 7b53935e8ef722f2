package dev.taskgate.jobctl.liveness;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Whether this instance's view of heartbeats can be trusted to declare a worker silent. Last-seen times in the
 * database say nothing while no heartbeat reached them, so a silence counts only after this instance has, for a whole
 * heartbeat timeout: been listening (its heartbeat reader was positioned), had a healthy feed (connected to the
 * broker and not behind: {@link #feedSampled}), and recorded every heartbeat it read (no {@link #recordingFailed}).
 * So a worker is not declared lost for a Kafka outage, a lagging consumer or a PostgreSQL outage that kept its
 * heartbeats from being recorded — settlement waits until fresh heartbeats have had a whole timeout to arrive.
 *
 * <p>Once a feed that was healthy turned unhealthy, it counts as healthy again only from the first heartbeat recorded
 * after it looks healthy: a restarted broker accepts connections (and the consumer keeps its partitions) well before
 * it leads its partitions again, so a connected feed may still bring nothing (the outage test saw 90 s of it, and
 * owners declared lost meanwhile). A worker that died during the outage is therefore settled once any other worker's
 * heartbeat got through, plus a timeout.
 */
@ApplicationScoped
public class HeartbeatListening {

    private final AtomicReference<Instant> since = new AtomicReference<>();
    private final AtomicReference<Instant> healthySince = new AtomicReference<>();
    private final AtomicReference<Instant> lastRecordingFailure = new AtomicReference<>();
    private final AtomicBoolean awaitingHeartbeat = new AtomicBoolean();
    private volatile boolean feedHealthy;

    /** The heartbeat reader was found positioned at {@code at}; only the first time counts. */
    public void markListening(Instant at) {
        since.compareAndSet(null, at);
    }

    /** What a look at the heartbeat feed at {@code at} showed: healthy, or disconnected or behind. */
    public void feedSampled(Instant at, boolean healthy) {
        feedHealthy = healthy;
        if (!healthy) {
            if (healthySince.getAndSet(null) != null) {
                awaitingHeartbeat.set(true);
            }
        } else if (!awaitingHeartbeat.get()) {
            healthySince.compareAndSet(null, at);
        }
    }

    /** A heartbeat read at {@code at} was recorded: after an unhealthy feed, the first one makes it healthy again. */
    public void heartbeatRecorded(Instant at) {
        if (feedHealthy && awaitingHeartbeat.compareAndSet(true, false)) {
            healthySince.compareAndSet(null, at);
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
            return awaitingHeartbeat.get() && feedHealthy
                    ? "no heartbeat recorded since the heartbeat feed recovered"
                    : "the heartbeat feed is disconnected or behind";
        }
        if (now.isBefore(healthy.plus(timeout))) {
            return "the heartbeat feed recovered less than a heartbeat timeout ago";
        }
        return "a heartbeat could not be recorded less than a heartbeat timeout ago";
    }
}
