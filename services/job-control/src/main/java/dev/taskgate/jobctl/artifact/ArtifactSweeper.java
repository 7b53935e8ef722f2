package dev.taskgate.jobctl.artifact;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.artifact.db.ArtifactRepository;
import dev.taskgate.sweep.SweepLoop;

/**
 * Deletes artifacts past their retention ({@code jobctl.artifacts.retention} after the last save). Reads already
 * answer not-found from that moment; each pass deletes a bounded batch with {@code for update skip locked}, so
 * several instances sweep side by side.
 */
@ApplicationScoped
public class ArtifactSweeper {

    private static final Logger LOG = Logger.getLogger(ArtifactSweeper.class);

    private final Pool pool;
    private final ArtifactRepository artifacts;
    private final JobControlConfig config;
    private final DbClock clock;
    private final SweepLoop loop;

    ArtifactSweeper(Pool pool, ArtifactRepository artifacts, JobControlConfig config, DbClock clock) {
        this.pool = pool;
        this.artifacts = artifacts;
        this.config = config;
        this.clock = clock;
        this.loop = new SweepLoop(
                "Artifact sweep", LOG, this::sweepOnce, () -> config.sweeper().batchSize());
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
     * every interval at rest); returns how many artifacts it deleted.
     */
    public Uni<Integer> sweepOnce() {
        Instant now = clock.now();
        return artifacts.deleteExpired(pool, now, config.sweeper().batchSize()).invoke(deleted -> {
            if (deleted > 0) {
                LOG.infof("Deleted artifacts past retention [count=%d]", deleted);
            }
        });
    }
}
