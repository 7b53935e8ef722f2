package dev.taskgate.jobctl.metrics;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import dev.taskgate.contracts.ExecutionStatus;

/**
 * How long executions wait for a worker and how long they run, from the timestamps job-control stores (its own
 * database clock, never a worker's): {@code taskgate.executions.pickup} from creation to the {@code Started} that
 * moved the execution to working, {@code taskgate.executions.run} from entering working to the terminal state the
 * worker reported, by that state. A replaced execution's pickup counts from its creation, so it includes the lost run;
 * a run that waited for input counts from its last resume (the row keeps when the state last changed, nothing more).
 * Both publish a percentile histogram (Prometheus {@code _bucket} series, for {@code histogram_quantile}) between
 * 5 ms and 1 h, plus buckets at the SLO boundaries below.
 */
@ApplicationScoped
public class ExecutionLatencyMeters {
    static final String PICKUP = "taskgate.executions.pickup";
    static final String RUN = "taskgate.executions.run";
    private static final Duration[] SLO_BOUNDARIES = {
        Duration.ofMillis(100), Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofMinutes(1)
    };

    private final Timer pickup;
    private final MeterRegistry registry;

    ExecutionLatencyMeters(MeterRegistry registry) {
        this.registry = registry;
        this.pickup = histogram(PICKUP, "executions from creation to Started").register(registry);
    }

    /** The execution created at {@code createdAt} started working at {@code startedAt}. */
    public void pickedUp(Instant createdAt, Instant startedAt) {
        pickup.record(nonNegative(createdAt, startedAt));
    }

    /** The execution working since {@code workingSince} ended in {@code outcome} at {@code endedAt}. */
    public void ran(Instant workingSince, ExecutionStatus outcome, Instant endedAt) {
        ran(nonNegative(workingSince, endedAt), outcome);
    }

    /**
     * An execution whose run ended in {@code outcome} after {@code duration}, as its worker measured it: a run that
     * ended before its {@code Started} was sent, which never entered working here.
     */
    public void ran(Duration duration, ExecutionStatus outcome) {
        histogram(RUN, "executions from working to their terminal state")
                .tag("outcome", outcome.wireName())
                .register(registry)
                .record(duration.isNegative() ? Duration.ZERO : duration);
    }

    private static Timer.Builder histogram(String name, String description) {
        return Timer.builder(name)
                .description(description)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(5))
                .maximumExpectedValue(Duration.ofHours(1))
                .serviceLevelObjectives(SLO_BOUNDARIES);
    }

    // both stamps come from the database clock, but a replica's clock may step: never a negative sample
    private static Duration nonNegative(Instant from, Instant to) {
        Duration d = Duration.between(from, to);
        return d.isNegative() ? Duration.ZERO : d;
    }
}
