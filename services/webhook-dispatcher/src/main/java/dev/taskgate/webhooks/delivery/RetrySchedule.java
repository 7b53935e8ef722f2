package dev.taskgate.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When the next attempt of a delivery is due: a fixed list of delays (the first before attempt 1, usually zero)
 * plus random jitter of up to {@code jitter} × the delay, so that receivers recovering from an outage are not hit
 * by every retry at once.
 *
 * @param delays delay before attempt 1, 2, …; its size is the maximum number of attempts
 * @param jitter fraction of each delay added at random (0 = none, 0.2 = up to 20% later)
 */
public record RetrySchedule(List<Duration> delays, double jitter) {

    public RetrySchedule {
        delays = List.copyOf(delays);
        if (delays.isEmpty()) {
            throw new IllegalArgumentException("a retry schedule needs at least one attempt");
        }
        if (jitter < 0 || jitter > 1) {
            throw new IllegalArgumentException("jitter must be within [0, 1]");
        }
        for (Duration d : delays) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("negative delay in the retry schedule: " + d);
            }
        }
    }

    /** The maximum number of attempts. */
    public int maxAttempts() {
        return delays.size();
    }

    /**
     * When attempt {@code attemptsMade + 1} is due after attempt {@code attemptsMade} failed at {@code now}; empty
     * when every attempt has been used.
     *
     * @param random a value in [0, 1) from the caller's random source
     */
    public Optional<Instant> nextAttemptAt(int attemptsMade, Instant now, double random) {
        return nextAttemptAt(attemptsMade, now, random, Duration.ZERO);
    }

    /**
     * As {@link #nextAttemptAt(int, Instant, double)}, but never earlier than {@code now + receiverDelay}: a
     * receiver's {@code Retry-After} (already capped by the caller) can postpone an attempt, never add one or
     * bring one forward.
     */
    public Optional<Instant> nextAttemptAt(int attemptsMade, Instant now, double random, Duration receiverDelay) {
        if (attemptsMade < 1) {
            throw new IllegalArgumentException("attemptsMade starts at 1");
        }
        if (attemptsMade >= delays.size()) {
            return Optional.empty();
        }
        Duration delay = delays.get(attemptsMade);
        long extraMillis = (long) (delay.toMillis() * jitter * random);
        Instant scheduled = now.plus(delay).plusMillis(extraMillis);
        Instant asked = now.plus(receiverDelay);
        return Optional.of(asked.isAfter(scheduled) ? asked : scheduled);
    }
}
