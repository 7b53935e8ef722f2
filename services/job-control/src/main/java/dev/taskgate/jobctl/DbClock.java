package dev.taskgate.jobctl;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import jakarta.inject.Singleton;

/**
 * "Now" at the database's precision: the injected {@link Clock} (the system clock, or a test's) truncated to
 * microseconds, which is what a PostgreSQL {@code timestamptz} keeps. An instant taken here is stored and read back
 * unchanged, so replies and events built from it equal what the rows say, and comparisons with stored times never
 * hinge on a sub-microsecond remainder. job-control takes every "now" from here (ArchitectureTest); nothing else
 * reads the {@link Clock}.
 */
@Singleton
public class DbClock {

    private final Clock clock;

    DbClock(Clock clock) {
        this.clock = clock;
    }

    /** The current instant, truncated to microseconds. */
    public Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
