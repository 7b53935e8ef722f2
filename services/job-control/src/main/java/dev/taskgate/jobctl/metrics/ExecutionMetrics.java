package dev.taskgate.jobctl.metrics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;

/**
 * Meters of the executions job-control holds (docs/operations.md "Metrics"). The gauges are sampled from the database
 * every {@code jobctl.metrics.sample-interval} (15 s), one query each, not counted per request: live executions by
 * state and surface ({@code queued} is the backlog), and the outbox — records not yet published, the age of the
 * oldest, and the records set aside because Kafka refused them for their size. Every replica samples the same database: aggregate them with {@code max}, not {@code sum}. The recovery
 * counter counts this replica's settlements of lost owners by cause and outcome.
 */
@ApplicationScoped
public class ExecutionMetrics {
    static final String LIVE = "taskgate.executions.live";
    static final String OUTBOX_PENDING = "taskgate.outbox.pending";
    static final String OUTBOX_OLDEST = "taskgate.outbox.oldest.seconds";
    static final String OUTBOX_SET_ASIDE = "taskgate.outbox.refused.rows";
    static final String RECOVERIES = "taskgate.recoveries";
    private static final Logger LOG = Logger.getLogger(ExecutionMetrics.class);
    private static final List<String> LIVE_STATES = List.of("queued", "working", "input_required");
    private static final List<String> SURFACES = List.of("rest", "mcp-2025", "mcp-2026");
    private static final List<String> LOSS_CAUSES = List.of("owner-lost", "child-died");
    private static final List<String> RECOVERY_OUTCOMES =
            List.of("replaced", "reconciled", "completed", "failed", "cancelled");

    private final Pool pool;
    private final MeterRegistry registry;
    // strong references: a gauge holds its value object weakly
    private final Map<String, AtomicLong> live = new ConcurrentHashMap<>();
    private final AtomicLong outboxPending = new AtomicLong();
    private final AtomicLong outboxOldestMillis = new AtomicLong();
    private final AtomicLong outboxSetAside = new AtomicLong();

    ExecutionMetrics(Pool pool, MeterRegistry registry) {
        this.pool = pool;
        this.registry = registry;
        for (String state : LIVE_STATES) {
            for (String surface : SURFACES) {
                AtomicLong count = new AtomicLong();
                live.put(key(state, surface), count);
                registry.gauge(LIVE, Tags.of("state", state, "surface", surface), count, AtomicLong::doubleValue);
            }
        }
        // at 0 from the start, so that increase() (and the dashboard) sees the first recovery
        for (String cause : LOSS_CAUSES) {
            for (String outcome : RECOVERY_OUTCOMES) {
                registry.counter(RECOVERIES, "cause", cause, "outcome", outcome);
            }
        }
        registry.gauge(OUTBOX_PENDING, outboxPending, AtomicLong::doubleValue);
        registry.gauge(OUTBOX_OLDEST, outboxOldestMillis, millis -> millis.get() / 1000.0);
        registry.gauge(OUTBOX_SET_ASIDE, outboxSetAside, AtomicLong::doubleValue);
    }

    /** A lost owner was settled: {@code cause} (owner-lost, child-died) and the outcome (replaced, failed, ...). */
    public void recovered(String cause, String outcome) {
        registry.counter(RECOVERIES, "cause", cause, "outcome", outcome).increment();
    }

    @Scheduled(
            every = "${jobctl.metrics.sample-interval:15s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> sample() {
        return pool.query("select state, surface, count(*) from jobctl.execution"
                        + " where state in ('queued', 'working', 'input_required') group by state, surface")
                .execute()
                .invoke(rows -> {
                    Map<String, Long> counted = new java.util.HashMap<>();
                    for (Row row : rows) {
                        counted.put(key(row.getString(0), row.getString(1)), row.getLong(2));
                    }
                    live.forEach((key, count) -> count.set(counted.getOrDefault(key, 0L)));
                })
                .chain(() -> pool.query(
                                "select count(*), coalesce(floor(extract(epoch from (now() - min(created_at)))"
                                        + " * 1000), 0)::bigint, (select count(*) from jobctl.outbox_refused) from jobctl.outbox")
                        .execute())
                .invoke(rows -> {
                    Row row = rows.iterator().next();
                    outboxPending.set(row.getLong(0));
                    outboxOldestMillis.set(Math.max(0, row.getLong(1)));
                    outboxSetAside.set(row.getLong(2));
                })
                .replaceWithVoid()
                .onFailure()
                .recoverWithUni(failure -> {
                    // the last sample stays; a database outage shows in the readiness check and the pool's meters
                    LOG.debugf("Execution gauges not sampled: %s", failure.getMessage());
                    return Uni.createFrom().voidItem();
                });
    }

    private static String key(String state, String surface) {
        return state + "|" + surface;
    }
}
