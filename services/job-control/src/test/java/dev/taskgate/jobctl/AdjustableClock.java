package dev.taskgate.jobctl;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
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

    /** Moves the service's time forward by {@code amount}. */
    public void advance(Duration amount) {
        offset.accumulateAndGet(amount, Duration::plus);
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset.get());
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
