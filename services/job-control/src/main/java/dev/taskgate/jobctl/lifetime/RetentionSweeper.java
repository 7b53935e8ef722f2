package dev.taskgate.jobctl.lifetime;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.checkpoint.db.FrontierCheckpointRepository;
import dev.taskgate.jobctl.checkpoint.db.ResultCheckpointRepository;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.input.db.InputRequestRepository;
import dev.taskgate.jobctl.journal.db.JournalRepository;
import dev.taskgate.sweep.SweepLoop;

/**
 * Purges executions whose retention ended (issue 5 item 3). Reads already answer not-found from the moment
 * retention ends ({@link Execution#isVisibleAt}); this sweeper removes the data:
 *
 * <ul>
 * <li>non-mutating operations: the row is deleted, and its receipt with it; a retry with the same key creates a new
 * execution, which is harmless for an operation that changes nothing;</li>
 * <li>mutating operations: input, result, error and status texts are cleared and the row is marked purged, but the
 * row (state, error code, times) and its receipt stay, so a retry with the same key returns the original outcome
 * and never applies the change twice.</li>
 * </ul>
 * Only terminal executions are purged (a late report can then never write a payload back). Each pass locks a
 * bounded batch with {@code for update skip locked}, so several instances sweep side by side.
 */
@ApplicationScoped
public class RetentionSweeper {

    private static final Logger LOG = Logger.getLogger(RetentionSweeper.class);

    private final Pool pool;
    private final ExecutionRepository executions;
    private final InputRequestRepository inputs;
    private final JobControlConfig config;
    private final DbClock clock;
    private final SweepLoop loop;
    private final ResultCheckpointRepository resultCheckpoints;
    private final JournalRepository journal;
    private final FrontierCheckpointRepository frontiers;

    RetentionSweeper(
            Pool pool,
            ExecutionRepository executions,
            InputRequestRepository inputs,
            JobControlConfig config,
            DbClock clock,
            ResultCheckpointRepository resultCheckpoints,
            JournalRepository journal,
            FrontierCheckpointRepository frontiers) {
        this.pool = pool;
        this.executions = executions;
        this.inputs = inputs;
        this.config = config;
        this.clock = clock;
        this.resultCheckpoints = resultCheckpoints;
        this.journal = journal;
        this.frontiers = frontiers;
        this.loop = new SweepLoop(
                "Retention sweep", LOG, this::sweepOnce, () -> config.sweeper().batchSize());
    }

    @Scheduled(
            every = "${jobctl.sweeper.interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> onSchedule() {
        return loop.tick();
    }

    /**
     * Runs passes while they fill the batch, at most {@code maxPasses}.
     *
     * @return how many executions the passes handled
     */
    public Uni<Integer> sweep(int maxPasses) {
        return loop.sweep(maxPasses);
    }

    /**
     * One pass in one transaction over at most {@code jobctl.sweeper.batch-size} expired executions; when one
     * statement finds none, no transaction at all (the usual case at rest).
     *
     * @return how many it purged or deleted
     */
    public Uni<Integer> sweepOnce() {
        Instant now = clock.now();
        return executions
                .anyExpired(pool, now)
                .flatMap(any -> any ? purgeExpired(now) : Uni.createFrom().item(0));
    }

    private Uni<Integer> purgeExpired(Instant now) {
        return Transactions.within(
                pool,
                tx -> executions
                        .lockExpired(tx, now, config.sweeper().batchSize())
                        .flatMap(expired -> {
                            List<UUID> keep = expired.stream()
                                    .filter(Execution::mutating)
                                    .map(Execution::id)
                                    .toList();
                            List<UUID> drop = expired.stream()
                                    .filter(e -> !e.mutating())
                                    .map(Execution::id)
                                    .toList();
                            return executions
                                    .purge(tx, keep, now)
                                    .flatMap(v -> inputs.deleteFor(tx, keep))
                                    .flatMap(v -> resultCheckpoints.deleteFor(tx, keep))
                                    .flatMap(v -> journal.deleteFor(tx, keep))
                                    .flatMap(v -> frontiers.deleteFor(tx, keep))
                                    .flatMap(v -> executions.delete(tx, drop))
                                    .invoke(v -> {
                                        if (!expired.isEmpty()) {
                                            LOG.infof(
                                                    "Purged executions past retention [deleted=%d purgedKeepingReceipt=%d]",
                                                    drop.size(), keep.size());
                                        }
                                    })
                                    .replaceWith(expired.size());
                        }));
    }
}
