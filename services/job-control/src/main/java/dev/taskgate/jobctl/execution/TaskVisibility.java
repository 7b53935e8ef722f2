package dev.taskgate.jobctl.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import dev.taskgate.contracts.Surface;

/**
 * How long an MCP task stays visible to its owner: the task TTL (tasks 2025-11-25 §10, tasks extension 2026-07-28
 * §11). A submission may name a TTL ({@code SubmitExecution.taskTtlMs}); it is clamped to [{@code min-ttl} (1 min
 * unless configured, never under {@link #LEAST_MIN_TTL}), {@link #MAX_TTL}], and absent means the configured default.
 * REST executions have no visibility end of their own: they stay visible until retention.
 *
 * <p>Visibility never outlives retention: {@link #visibleUntil} and {@link #renewed} cap it at the execution's
 * retention end, so a task that is visible can always be read, and the retention sweeper alone decides purging.
 */
public final class TaskVisibility {

    /** The shortest TTL granted unless configured otherwise. */
    public static final Duration MIN_TTL = Duration.ofMinutes(1);
    /** The least {@code min-ttl} accepted. */
    public static final Duration LEAST_MIN_TTL = Duration.ofSeconds(1);
    /** The longest TTL granted. */
    public static final Duration MAX_TTL = Duration.ofDays(7);

    private final Duration minTtl;
    private final Duration defaultTtl;

    /** With the usual shortest TTL, {@link #MIN_TTL}. */
    public TaskVisibility(Duration defaultTtl) {
        this(MIN_TTL, defaultTtl);
    }

    /**
     * @param minTtl {@code jobctl.task-visibility.min-ttl}
     * @param defaultTtl {@code jobctl.task-visibility.default-ttl}
     * @throws IllegalArgumentException when {@code minTtl} lies outside [1 s, 7 days] or {@code defaultTtl} outside
     *     [{@code minTtl}, 7 days]; the message names the key
     */
    public TaskVisibility(Duration minTtl, Duration defaultTtl) {
        Objects.requireNonNull(minTtl, "jobctl.task-visibility.min-ttl");
        Objects.requireNonNull(defaultTtl, "jobctl.task-visibility.default-ttl");
        if (minTtl.compareTo(LEAST_MIN_TTL) < 0 || minTtl.compareTo(MAX_TTL) > 0) {
            throw new IllegalArgumentException("jobctl.task-visibility.min-ttl is " + minTtl + "; it must lie within ["
                    + LEAST_MIN_TTL + ", " + MAX_TTL + "]");
        }
        if (defaultTtl.compareTo(minTtl) < 0 || defaultTtl.compareTo(MAX_TTL) > 0) {
            throw new IllegalArgumentException("jobctl.task-visibility.default-ttl is " + defaultTtl
                    + "; it must lie within [" + minTtl + ", " + MAX_TTL + "]");
        }
        this.minTtl = minTtl;
        this.defaultTtl = defaultTtl;
    }

    /** The TTL granted for a requested one in milliseconds ({@code null}: the default), clamped. */
    public Duration ttl(Long requestedTtlMs) {
        if (requestedTtlMs == null) {
            return defaultTtl;
        }
        long clamped = Math.min(MAX_TTL.toMillis(), Math.max(minTtl.toMillis(), requestedTtlMs));
        return Duration.ofMillis(clamped);
    }

    /** Whether executions created through {@code surface} have a visibility end: every MCP surface does. */
    public static boolean applies(Surface surface) {
        return surface != Surface.REST;
    }

    /**
     * The visibility end of a new execution, or {@code null} for a surface without one.
     *
     * @param retentionExpiresAt the retention end recorded at creation; visibility never goes past it
     */
    public Instant visibleUntil(Surface surface, Long requestedTtlMs, Instant createdAt, Instant retentionExpiresAt) {
        if (!applies(surface)) {
            return null;
        }
        return earliest(createdAt.plus(ttl(requestedTtlMs)), retentionExpiresAt);
    }

    /**
     * The visibility end after a same-key same-request replay at {@code now}: a fresh TTL from now, never earlier
     * than the current end and never past retention; {@code null} for an execution without a visibility end.
     */
    public Instant renewed(Execution execution, Long requestedTtlMs, Instant now) {
        if (execution.visibleUntil() == null) {
            return null;
        }
        Instant fresh = earliest(now.plus(ttl(requestedTtlMs)), execution.retentionExpiresAt());
        return fresh.isAfter(execution.visibleUntil()) ? fresh : execution.visibleUntil();
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
