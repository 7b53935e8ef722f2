package dev.taskgate.worker;

import java.time.Clock;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The clock and message-id source that the rest of the service injects, so that tests can replace them. */
@Singleton
public class TimeSources {

    /** Wall-clock time in UTC. */
    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    /** Random message ids. */
    @Produces
    @Singleton
    Supplier<UUID> messageIds() {
        return UUID::randomUUID;
    }
}
