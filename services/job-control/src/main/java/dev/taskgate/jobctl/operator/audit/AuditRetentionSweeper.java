package dev.taskgate.jobctl.operator.audit;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.operator.audit.db.AuditRepository;
import dev.taskgate.sweep.SweepLoop;

/**
 * Deletes operator audit rows older than {@code jobctl.audit.retention} (issue 5 item 6), on the same schedule and
 * batch bound as the execution sweepers. Each pass deletes at most one batch, oldest first, with
 * {@code for update skip locked}, so several instances sweep side by side.
 */
@ApplicationScoped
public class AuditRetentionSweeper {

    private static final Logger LOG = Logger.getLogger(AuditRetentionSweeper.class);

    private final Pool pool;
    private final AuditRepository entries;
    private final AuditRetention retention;
    private final JobControlConfig config;
    private final DbClock clock;
    private final SweepLoop loop;

    AuditRetentionSweeper(
            Pool pool, AuditRepository entries, AuditRetention retention, JobControlConfig config, DbClock clock) {
        this.pool = pool;
        this.entries = entries;
        this.retention = retention;
        this.config = config;
        this.clock = clock;
        this.loop = new SweepLoop(
                "Audit retention sweep",
                LOG,
                this::sweepOnce,
                () -> config.sweeper().batchSize());
    }

    @Scheduled(
            every = "${jobctl.sweeper.interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> onSchedule() {
        return loop.tick();
    }

    /**
     * One pass, one statement, over at most {@code jobctl.sweeper.batch-size} rows past retention.
     *
     * @return how many it deleted
     */
    public Uni<Integer> sweepOnce() {
        Instant cutoff = retention.cutoff(clock.now());
        // a single statement, atomic on its own: no explicit transaction (two more round trips every interval)
        return entries.deleteOlderThan(pool, cutoff, config.sweeper().batchSize())
                .invoke(n -> {
                    if (n > 0) {
                        LOG.infof("Deleted operator audit rows past retention [deleted=%d cutoff=%s]", n, cutoff);
                    }
                });
    }
}
