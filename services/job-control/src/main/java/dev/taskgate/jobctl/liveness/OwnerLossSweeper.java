package dev.taskgate.jobctl.liveness;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.OwnedExecution;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.liveness.db.WorkerInstanceRepository;
import dev.taskgate.jobctl.outbox.OutboxRelay;
import dev.taskgate.jobctl.recovery.LossCause;
import dev.taskgate.jobctl.recovery.OwnerLossService;
import dev.taskgate.sweep.SweepLoop;

/**
 * Detects lost worker instances and settles the executions they owned (issue 6 item 1): an instance that left, or
 * that nobody heard from for {@code jobctl.liveness.heartbeat-timeout}, has lost every running execution it reported
 * {@code Started} for. Each is settled by {@link OwnerLossService}.
 *
 * <p>Safe with several job-control instances: each pass locks a bounded batch with {@code for update skip locked}
 * and every change is a compare-and-set on (state, epoch), so an execution is settled exactly once. Right after this
 * instance started listening to heartbeats it only settles owners that left: the stored last-seen times may be old
 * only because no instance was listening.
 */
@ApplicationScoped
public class OwnerLossSweeper {

    private static final Logger LOG = Logger.getLogger(OwnerLossSweeper.class);
    /** How often long-silent instances are forgotten; {@code jobctl.liveness.forget-after} is a day by default. */
    public static final Duration FORGET_EVERY = Duration.ofMinutes(1);

    private final Pool pool;
    private final ExecutionRepository executions;
    private final WorkerInstanceRepository workers;
    private final OwnerLossService ownerLoss;
    private final OutboxRelay relay;
    private final HeartbeatListening listening;
    private final JobControlConfig config;
    private final DbClock clock;
    private final SweepLoop loop;
    private volatile Instant nextForget = Instant.EPOCH;

    OwnerLossSweeper(
            Pool pool,
            ExecutionRepository executions,
            WorkerInstanceRepository workers,
            OwnerLossService ownerLoss,
            OutboxRelay relay,
            HeartbeatListening listening,
            JobControlConfig config,
            DbClock clock) {
        this.pool = pool;
        this.executions = executions;
        this.workers = workers;
        this.ownerLoss = ownerLoss;
        this.relay = relay;
        this.listening = listening;
        this.config = config;
        this.clock = clock;
        this.loop = new SweepLoop(
                "Owner-loss sweep",
                LOG,
                this::sweepOnce,
                () -> config.liveness().batchSize());
    }

    @Scheduled(
            every = "${jobctl.liveness.sweep-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> onSchedule() {
        return config.liveness().enabled() ? loop.tick() : Uni.createFrom().voidItem();
    }

    /** Sweeps now, without waiting for the schedule (e.g. an instance announced that it left). */
    public void wake() {
        if (config.liveness().enabled()) {
            loop.tick().subscribe().with(v -> {});
        }
    }

    /**
     * Runs passes while they fill the batch, at most {@code maxPasses}.
     *
     * @return how many executions the passes locked
     */
    public Uni<Integer> sweep(int maxPasses) {
        return loop.sweep(maxPasses);
    }

    /**
     * One pass over at most {@code jobctl.liveness.batch-size} executions of lost owners. At rest there is nothing to
     * settle every second: one statement without a transaction looks first, and the transaction (which also forgets
     * long-silent instances, at most every {@link #FORGET_EVERY}) runs only when it found something or forgetting is
     * due. An owner lost just after the look is found by the next pass, one interval later as before.
     *
     * @return how many it locked (each one settled, unless a concurrent writer changed it first)
     */
    public Uni<Integer> sweepOnce() {
        Instant now = clock.now();
        Duration timeout = config.liveness().heartbeatTimeout();
        // while the heartbeat feed cannot be trusted, only owners that left are settled (HeartbeatListening)
        Instant silentSince = listening.maySettleSilence(timeout, now) ? now.minus(timeout) : Instant.EPOCH;
        boolean forgetDue = !now.isBefore(nextForget);
        if (forgetDue) {
            return settle(now, silentSince, true);
        }
        return executions
                .anyOwnerLost(pool, silentSince)
                .flatMap(any ->
                        any ? settle(now, silentSince, false) : Uni.createFrom().item(0));
    }

    private Uni<Integer> settle(Instant now, Instant silentSince, boolean forget) {
        return Transactions.within(
                        pool,
                        tx -> (forget
                                        ? workers.forgetSilentSince(
                                                tx, now.minus(config.liveness().forgetAfter()))
                                        : Uni.createFrom().item(0))
                                .flatMap(forgotten -> executions.lockOwnerLost(
                                        tx, silentSince, config.liveness().batchSize()))
                                .flatMap(lost -> Multi.createFrom()
                                        .iterable(lost)
                                        .onItem()
                                        .transformToUniAndConcatenate(owned ->
                                                ownerLoss.settle(tx, owned, LossCause.OWNER_LOST, cause(owned), now))
                                        .collect()
                                        .asList()
                                        .replaceWith(lost.size())))
                .invoke(n -> {
                    if (forget) {
                        nextForget = now.plus(FORGET_EVERY);
                    }
                    if (n > 0) {
                        relay.wake();
                    }
                });
    }

    private static String cause(OwnedExecution owned) {
        String worker = "worker instance " + owned.ownerWorkerId();
        if (owned.ownerLeftAt() != null) {
            return worker + " shut down";
        }
        return owned.ownerLastSeenAt() == null
                ? worker + " is no longer known"
                : worker + " stopped heartbeating (last heard from at " + owned.ownerLastSeenAt() + ")";
    }
}
