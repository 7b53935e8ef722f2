package dev.taskgate.jobctl.submit;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.submit.db.CancelMarkRepository;
import dev.taskgate.sweep.SweepLoop;

/**
 * Deletes cancel marks past {@code jobctl.cancel-marks.ttl}; they stop refusing at that moment already. Bounded
 * batches with {@code for update skip locked}, so several instances sweep side by side.
 */
@ApplicationScoped
public class CancelMarkSweeper {
    private static final Logger LOG = Logger.getLogger(CancelMarkSweeper.class);

    private final Pool pool;
    private final CancelMarkRepository marks;
    private final JobControlConfig config;
    private final DbClock clock;
    private final SweepLoop loop;

    CancelMarkSweeper(Pool pool, CancelMarkRepository marks, JobControlConfig config, DbClock clock) {
        this.pool = pool;
        this.marks = marks;
        this.config = config;
        this.clock = clock;
        this.loop = new SweepLoop(
                "Cancel-mark sweep",
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
     * One pass, a single statement (atomic on its own: no explicit transaction, which would cost two more round trips
     * every interval at rest); returns how many marks it deleted.
     */
    public Uni<Integer> sweepOnce() {
        return marks.deleteExpired(pool, clock.now(), config.sweeper().batchSize());
    }
}
