package dev.taskgate.jobctl;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

/**
 * The service's clock in tests that need days to pass in seconds: the system clock plus an offset the test moves
 * forward. Enabled only by the test profiles that list it as an alternative.
 */
@Alternative
@Singleton
public class AdjustableClock extends Clock {

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);
    private final AtomicReference<Instant> frozenAt = new AtomicReference<>();

    /** Moves the service's time forward by {@code amount}. */
    public void advance(Duration amount) {
        offset.accumulateAndGet(amount, Duration::plus);
    }

    /**
     * Stops following the system clock until {@link #thaw()}: time then moves only by {@link #advance}, so a test
     * whose outcome depends on how far the service's time moved (e.g. "less than the heartbeat timeout") does not
     * depend on how slowly the machine ran it. Frozen at a whole microsecond, as the database stores times.
     */
    public void freeze() {
        frozenAt.set(Instant.now().truncatedTo(ChronoUnit.MICROS));
    }

    /** Follows the system clock again (plus the offset); time never moves back, as the system clock went on. */
    public void thaw() {
        frozenAt.set(null);
    }

    @Override
    public Instant instant() {
        Instant frozen = frozenAt.get();
        return (frozen == null ? Instant.now() : frozen).plus(offset.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        if (ZoneOffset.UTC.equals(zone)) {
            return this;
        }
        throw new UnsupportedOperationException("the test clock is UTC only");
    }
}
