package dev.taskgate.webhooks;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Produces the clock, the id source and the secure random source that the rest of the service injects. */
@Singleton
public class TimeSources {

    /** The UTC system clock. */
    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    /** Random (version 4) UUIDs. */
    @Produces
    @Singleton
    IdSource ids() {
        return UUID::randomUUID;
    }

    /** Randomness for secrets and nonces. */
    @Produces
    @Singleton
    SecureRandom secureRandom() {
        return new SecureRandom();
    }
}
