package dev.taskgate.jobctl.admission;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import dev.taskgate.contracts.TaskSurface;

/**
 * Which task surfaces are bounded and by how much (docs/job-control.md "Admission"), and the pure
 * decision over an {@link AdmissionUsage}. The constructor validates the configuration: with a surface switched
 * on, every bound must be set and positive, and messages name the offending key.
 *
 * <p>Counting rules: the concurrency bounds count non-terminal executions (queued, working, input_required); the
 * backlog counts queued ones; a new submission needs one free slot in each. Retained payload bytes are the stored
 * (sealed) input and result bytes of executions not yet purged; a new submission needs room for its input.
 */
public final class AdmissionPolicy {

    /** Upper end of the retry hint for the count bounds. */
    static final Duration MAX_COUNT_RETRY = Duration.ofHours(1);

    /** {@code jobctl.admission.native-tasks}. */
    public static final String NATIVE_TASKS_KEY = AdmissionBound.KEY_PREFIX + "native-tasks";
    /** {@code jobctl.admission.compatibility}. */
    public static final String COMPATIBILITY_KEY = AdmissionBound.KEY_PREFIX + "compatibility";
    /** {@code jobctl.admission.retry-after}. */
    public static final String RETRY_AFTER_KEY = AdmissionBound.KEY_PREFIX + "retry-after";

    private final Set<TaskSurface> bounded;
    private final Map<AdmissionBound, Long> limits;
    private final Duration retryAfter;
    private final Duration sweepInterval;

    /**
     * @param bounded       the surfaces whose submissions are bounded (the switches that are on)
     * @param limits        the configured bounds; an absent one is unset
     * @param retryAfter    {@code jobctl.admission.retry-after}: the hint for a count bound reached exactly
     * @param sweepInterval how often the retention sweeper runs (added to the retained-bytes hint)
     * @throws IllegalArgumentException naming the key, when a bound is unset or not positive while a surface is on,
     *                                  a set bound is not positive, or the retry hint is not positive
     */
    public AdmissionPolicy(
            Set<TaskSurface> bounded,
            Map<AdmissionBound, OptionalLong> limits,
            Duration retryAfter,
            Duration sweepInterval) {
        this.bounded = bounded.isEmpty() ? EnumSet.noneOf(TaskSurface.class) : EnumSet.copyOf(bounded);
        Map<AdmissionBound, Long> valid = new EnumMap<>(AdmissionBound.class);
        for (AdmissionBound bound : AdmissionBound.values()) {
            OptionalLong value = limits.getOrDefault(bound, OptionalLong.empty());
            if (value.isPresent() && value.getAsLong() <= 0) {
                throw new IllegalArgumentException(bound.key() + " must be positive, is " + value.getAsLong());
            }
            if (value.isEmpty() && !this.bounded.isEmpty()) {
                throw new IllegalArgumentException(
                        bound.key() + " must be set to a positive value because " + switchesOn() + " is on");
            }
            value.ifPresent(v -> valid.put(bound, v));
        }
        Objects.requireNonNull(retryAfter, RETRY_AFTER_KEY);
        if (retryAfter.isNegative() || retryAfter.isZero()) {
            throw new IllegalArgumentException(RETRY_AFTER_KEY + " must be positive, is " + retryAfter);
        }
        this.limits = valid;
        this.retryAfter = retryAfter;
        this.sweepInterval = Objects.requireNonNull(sweepInterval, "sweepInterval");
    }

    /** Whether submissions from {@code surface} are checked against the bounds. */
    public boolean appliesTo(TaskSurface surface) {
        return bounded.contains(surface);
    }

    /**
     * The first bound a new submission with {@code inputBytes} of payload would exceed, in the order principal,
     * project and organization concurrency, project backlog, retained payload bytes; empty when it is admitted.
     */
    public Optional<AdmissionRefusal> evaluate(AdmissionUsage usage, long inputBytes, Instant now) {
        Optional<AdmissionRefusal> refusal = count(
                AdmissionBound.PRINCIPAL_CONCURRENCY,
                usage.principalLive(),
                "executions of this principal are queued or running");
        if (refusal.isEmpty()) {
            refusal = count(
                    AdmissionBound.PROJECT_CONCURRENCY,
                    usage.projectLive(),
                    "executions of this project are queued or running");
        }
        if (refusal.isEmpty()) {
            refusal = count(
                    AdmissionBound.ORGANIZATION_CONCURRENCY,
                    usage.organizationLive(),
                    "executions of this organization are queued or running");
        }
        if (refusal.isEmpty()) {
            refusal = count(
                    AdmissionBound.PROJECT_BACKLOG, usage.projectQueued(), "executions of this project are queued");
        }
        return refusal.isPresent() ? refusal : bytes(usage, inputBytes, now);
    }

    private Optional<AdmissionRefusal> count(AdmissionBound bound, long used, String what) {
        Long limit = limits.get(bound);
        if (limit == null || used < limit) {
            return Optional.empty();
        }
        // Another surface that is not bounded may have pushed usage past the limit: wait longer the further over.
        long slotsToFree = used - limit + 1;
        long seconds = Math.min(MAX_COUNT_RETRY.toSeconds(), ceilSeconds(retryAfter) * slotsToFree);
        return Optional.of(new AdmissionRefusal(
                bound,
                "The " + bound.phrase() + " is reached: " + used + " of " + limit + " " + what + ". Retry after about "
                        + seconds + " s.",
                seconds));
    }

    private Optional<AdmissionRefusal> bytes(AdmissionUsage usage, long inputBytes, Instant now) {
        AdmissionBound bound = AdmissionBound.PROJECT_RETAINED_PAYLOAD_BYTES;
        Long limit = limits.get(bound);
        if (limit == null || usage.projectRetainedBytes() + inputBytes <= limit) {
            return Optional.empty();
        }
        if (inputBytes > limit) {
            return Optional.of(new AdmissionRefusal(
                    bound,
                    "The input (" + inputBytes + " bytes) is larger than the " + bound.phrase() + " (" + limit
                            + " bytes) on its own; it can never be admitted.",
                    null));
        }
        // Room appears when the soonest retained execution is purged: at its retention end, by the next sweep.
        Instant end = usage.earliestRetentionEnd() == null ? now : usage.earliestRetentionEnd();
        Duration wait = Duration.between(now, end);
        long seconds = Math.max(1, ceilSeconds(wait.isNegative() ? Duration.ZERO : wait) + ceilSeconds(sweepInterval));
        return Optional.of(new AdmissionRefusal(
                bound,
                "The " + bound.phrase() + " is reached: "
                        + usage.projectRetainedBytes() + " of " + limit + " bytes are retained and the input needs "
                        + inputBytes + ". Retry after about " + seconds + " s.",
                seconds));
    }

    private String switchesOn() {
        return bounded.contains(TaskSurface.NATIVE) ? NATIVE_TASKS_KEY : COMPATIBILITY_KEY;
    }

    private static long ceilSeconds(Duration d) {
        long seconds = d.getSeconds();
        return d.getNano() > 0 ? seconds + 1 : seconds;
    }
}
