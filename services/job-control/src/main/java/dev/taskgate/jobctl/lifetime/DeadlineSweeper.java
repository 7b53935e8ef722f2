package dev.taskgate.jobctl.lifetime;

import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxRelay;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.report.ReportDecisions;
import dev.taskgate.sweep.SweepLoop;

/**
 * Fails every execution that is still not terminal when its deadline passes (issue 5 item 3): through the state
 * machine with a compare-and-set, with {@code ExecutionChanged} and a {@code StopRequested} for the current epoch in
 * the same transaction, so a worker that holds (or is about to start) it stops. Reports the worker sends afterwards
 * change nothing: the execution is terminal.
 *
 * <p>Each pass locks a bounded batch with {@code for update skip locked}, so several job-control instances sweep
 * side by side without taking the same execution twice.
 */
@ApplicationScoped
public class DeadlineSweeper {

    /** The error code of an execution that passed its deadline. */
    public static final String DEADLINE_EXCEEDED = "deadline_exceeded";

    private static final Logger LOG = Logger.getLogger(DeadlineSweeper.class);

    private final Pool pool;
    private final ExecutionRepository executions;
    private final OutboxWriter outbox;
    private final OutboxRelay relay;
    private final JobControlConfig config;
    private final DbClock clock;
    private final IdSource ids;
    private final SweepLoop loop;

    DeadlineSweeper(
            Pool pool,
            ExecutionRepository executions,
            OutboxWriter outbox,
            OutboxRelay relay,
            JobControlConfig config,
            DbClock clock,
            IdSource ids) {
        this.pool = pool;
        this.executions = executions;
        this.outbox = outbox;
        this.relay = relay;
        this.config = config;
        this.clock = clock;
        this.ids = ids;
        this.loop = new SweepLoop(
                "Deadline sweep", LOG, this::sweepOnce, () -> config.sweeper().batchSize());
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
     * One pass in one transaction over at most {@code jobctl.sweeper.batch-size} overdue executions; when one
     * statement finds none, no transaction at all (the usual case at rest).
     *
     * @return how many it locked (each one failed, unless a concurrent writer changed it first)
     */
    public Uni<Integer> sweepOnce() {
        Instant now = clock.now();
        return executions
                .anyOverdue(pool, now)
                .flatMap(any -> any ? failOverdue(now) : Uni.createFrom().item(0));
    }

    private Uni<Integer> failOverdue(Instant now) {
        return Transactions.within(
                        pool,
                        tx -> executions
                                .lockOverdue(tx, now, config.sweeper().batchSize())
                                .flatMap(overdue -> Multi.createFrom()
                                        .iterable(overdue)
                                        .onItem()
                                        .transformToUniAndConcatenate(e -> fail(tx, e, now))
                                        .collect()
                                        .asList()
                                        .replaceWith(overdue.size())))
                .invoke(n -> {
                    if (n > 0) {
                        relay.wake();
                    }
                });
    }

    private Uni<Boolean> fail(SqlConnection tx, Execution execution, Instant now) {
        StateChange change =
                StateChange.of(execution, ExecutionStatus.FAILED, now).withError(DEADLINE_EXCEEDED, message(execution));
        // the row is locked (for update): the compare-and-set fails only if the row changed before the lock
        return executions.compareAndSet(tx, change).flatMap(changed -> {
            if (!changed) {
                return Uni.createFrom().item(false);
            }
            LOG.infof(
                    "Execution failed: deadline passed [executionId=%s deadline=%s state=%s epoch=%d]",
                    execution.id(), execution.deadlineAt(), execution.state(), execution.epoch());
            String key = execution.id().toString();
            ExecutionChanged lifecycle = LifecycleEvents.changed(
                    ids.newId(), execution, ExecutionStatus.FAILED, now, ReportDecisions.summaryOf(change));
            // also for queued: a worker that already took the RunOperation drops it instead of starting it
            StopRequested stop =
                    new StopRequested(ids.newId(), now, execution.id(), execution.epoch(), "deadline passed");
            return outbox.append(
                            tx,
                            List.of(
                                    OutboxMessage.of(
                                            config.topics().lifecycle(),
                                            key,
                                            lifecycle.messageId(),
                                            ExecutionChanged.TYPE,
                                            lifecycle),
                                    OutboxMessage.of(
                                            config.topics().control(),
                                            key,
                                            stop.messageId(),
                                            StopRequested.TYPE,
                                            stop)))
                    .replaceWith(true);
        });
    }

    /** The caller-facing explanation of a deadline failure. */
    static String message(Execution execution) {
        return "The execution did not finish before its deadline (" + execution.deadlineAt()
                + "); it was stopped and will not be re-run.";
    }
}
