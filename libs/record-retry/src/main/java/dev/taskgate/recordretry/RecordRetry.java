package dev.taskgate.recordretry;

import java.time.Duration;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;

/**
 * How a consumer handles one record whose handling fails: while a dependency is away ({@link TransientFailures}) the
 * record is kept and handled again — with a pause growing to {@link #MAX_PAUSE}, for as long as the outage lasts, the
 * consumer reporting it ({@link DependencyOutage}) — because a valid record must never be dead-lettered for an
 * outage; any other failure is retried {@link #ATTEMPTS} times and then given to the caller, which dead-letters the
 * record (a poison record).
 */
public final class RecordRetry {
    private static final Logger LOG = Logger.getLogger(RecordRetry.class);

    static final Duration FIRST_PAUSE = Duration.ofMillis(200);
    static final Duration MAX_PAUSE = Duration.ofSeconds(5);
    static final int ATTEMPTS = 5;
    private static final Duration POISON_MAX_PAUSE = Duration.ofSeconds(2);

    private final DependencyOutage outage;
    private final Duration firstPause;
    private final Duration maxPause;

    public RecordRetry(DependencyOutage outage) {
        this(outage, FIRST_PAUSE, MAX_PAUSE);
    }

    RecordRetry(DependencyOutage outage, Duration firstPause, Duration maxPause) {
        this.outage = outage;
        this.firstPause = firstPause;
        this.maxPause = maxPause;
    }

    /** {@code handling} (subscribed again for each attempt) under this rule, for {@code consumer}'s record. */
    public <T> Uni<T> handle(String consumer, Uni<T> handling) {
        return handling.onFailure(TransientFailures::isTransient)
                .invoke(failure -> {
                    if (!outage.isWaiting()) {
                        LOG.warnf(
                                "A dependency is away; the record is kept and handled again once it is back "
                                        + "[consumer=%s cause=%s]",
                                consumer, failure.toString());
                    }
                    outage.waiting(consumer);
                })
                .onFailure(TransientFailures::isTransient)
                .retry()
                .withBackOff(firstPause, maxPause)
                .indefinitely()
                .onFailure()
                .retry()
                .withBackOff(firstPause, maxPause.compareTo(POISON_MAX_PAUSE) < 0 ? maxPause : POISON_MAX_PAUSE)
                .atMost(ATTEMPTS)
                .onItemOrFailure()
                .invoke((item, failure) -> outage.recovered(consumer));
    }
}
