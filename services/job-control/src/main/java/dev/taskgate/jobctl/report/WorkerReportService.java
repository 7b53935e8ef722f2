package dev.taskgate.jobctl.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.ArtifactSaved;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.ResultStaged;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.artifact.ArtifactService;
import dev.taskgate.jobctl.checkpoint.FrontierCheckpointService;
import dev.taskgate.jobctl.checkpoint.ResultCheckpointService;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.OwnedExecution;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.input.InputRequestService;
import dev.taskgate.jobctl.journal.CommitService;
import dev.taskgate.jobctl.metrics.ExecutionLatencyMeters;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.recovery.OwnerLossService;
import dev.taskgate.jobctl.upstream.UpstreamCircuit;

/**
 * Applies worker reports to executions: each through the state machine ({@link ReportDecisions}) and a
 * compare-and-set on (state, epoch), with an {@code ExecutionChanged} in the same transaction for every state
 * change. A report that may not change anything (another epoch, an illegal or repeated transition, a lost race)
 * changes nothing. {@code Started} also records the reporting worker instance as the execution's owner (and as
 * alive); {@code ChildDied} is an owner loss, settled by {@link OwnerLossService}.
 */
@ApplicationScoped
public class WorkerReportService {

    private static final Logger LOG = Logger.getLogger(WorkerReportService.class);

    private final Pool pool;
    private final ExecutionRepository executions;
    private final InputRequestService inputs;
    private final OutboxWriter outbox;
    private final JobControlConfig config;
    private final DbClock clock;
    private final IdSource ids;
    private final OwnerLossService ownerLoss;
    private final ResultCheckpointService resultCheckpoints;
    private final CommitService commits;
    private final FrontierCheckpointService frontiers;
    private final ArtifactService artifacts;
    private final UpstreamCircuit circuit;
    private final ExecutionLatencyMeters latency;

    WorkerReportService(
            Pool pool,
            ExecutionRepository executions,
            InputRequestService inputs,
            OutboxWriter outbox,
            JobControlConfig config,
            DbClock clock,
            IdSource ids,
            OwnerLossService ownerLoss,
            ResultCheckpointService resultCheckpoints,
            CommitService commits,
            FrontierCheckpointService frontiers,
            ArtifactService artifacts,
            UpstreamCircuit circuit,
            ExecutionLatencyMeters latency) {
        this.latency = latency;
        this.artifacts = artifacts;
        this.circuit = circuit;
        this.pool = pool;
        this.executions = executions;
        this.inputs = inputs;
        this.outbox = outbox;
        this.config = config;
        this.clock = clock;
        this.ids = ids;
        this.ownerLoss = ownerLoss;
        this.resultCheckpoints = resultCheckpoints;
        this.commits = commits;
        this.frontiers = frontiers;
    }

    /**
     * Applies one report in one transaction.
     *
     * @return whether the transaction appended outbox rows
     */
    public Uni<Boolean> apply(WorkerEvent event) {
        return Transactions.within(pool, tx -> applyIn(tx, event));
    }

    /**
     * Applies {@code reports} in their order in one transaction, each inside {@code scope}: a report sees what the
     * ones before it changed (a {@code Started} and its {@code Finished} in one batch both apply), and one commit
     * stands for them all. A failure of any of them rolls back the whole transaction and is the returned failure.
     *
     * @return whether the transaction appended outbox rows
     */
    public Uni<Boolean> applyAll(List<WorkerEvent> reports, ReportScope scope) {
        return Transactions.within(pool, tx -> {
            Uni<Boolean> applied = Uni.createFrom().item(false);
            for (int i = 0; i < reports.size(); i++) {
                int index = i;
                applied = applied.flatMap(written -> scope.around(index, () -> applyIn(tx, reports.get(index)))
                        .map(wrote -> written || wrote));
            }
            return applied;
        });
    }

    private Uni<Boolean> applyIn(SqlConnection tx, WorkerEvent event) {
        Instant now = clock.now();
        return executions.findOwned(tx, event.executionId()).flatMap(found -> {
            if (found.isEmpty()) {
                LOG.debugf(
                        "Ignoring report for unknown execution [executionId=%s type=%s messageId=%s]",
                        event.executionId(), event.kind(), event.messageId());
                return Uni.createFrom().item(false);
            }
            if (isDuplicateRun(found.get(), event)) {
                return fenceDuplicateRun(tx, found.get(), event, now);
            }
            return dispatch(tx, found.get().execution(), event, now);
        });
    }

    /**
     * One branch per {@link WorkerEvent.Kind}, without a default: a new kind of report does not compile until it is
     * handled here. Each kind is implemented by exactly one record, so the casts cannot fail.
     */
    private Uni<Boolean> dispatch(SqlConnection tx, Execution execution, WorkerEvent event, Instant now) {
        return switch (event.kind()) {
            case STARTED -> start(tx, execution, (Started) event, now);
            case FINISHED, FAILED, STOPPED -> end(tx, execution, event, now);
            case PROGRESS -> recordProgress(tx, execution, (Progress) event);
            case INPUT_REQUESTED -> inputs.record(tx, (InputRequested) event, now);
            case CHILD_DIED -> ownerLoss.settleChildDied(tx, (ChildDied) event, now);
            case RESULT_STAGED -> resultCheckpoints.stage(tx, execution, (ResultStaged) event, now);
            case CHECKPOINT_SAVED -> frontiers.save(tx, execution, (CheckpointSaved) event, now);
            case ARTIFACT_SAVED -> artifacts.store(tx, execution, (ArtifactSaved) event, now);
            case COMMIT_REQUESTED -> commits.request(tx, (CommitRequested) event, now);
        };
    }

    /**
     * {@code Started}: the execution moves to working and records the reporting instance as its owner (and as alive);
     * a run of a stale epoch, or of an execution that already ended, is asked to stop.
     */
    private Uni<Boolean> start(SqlConnection tx, Execution execution, Started started, Instant now) {
        Optional<StateChange> change = ReportDecisions.decide(execution, started, now);
        if (change.isEmpty()) {
            logIgnored(execution, started);
            return isStaleRun(execution, started)
                    ? stopStaleRun(tx, execution, started, now)
                    : Uni.createFrom().item(false);
        }
        // the owner, and that it was heard from, are recorded by the compare-and-set itself (its epoch is the
        // report's: ReportDecisions)
        Uni<Boolean> won = executions.compareAndSetSeen(tx, change.get(), started.workerId(), started.occurredAt());
        return afterChange(tx, execution, change.get(), started, won, applied -> {
            latency.pickedUp(execution.createdAt(), applied.at());
            return Uni.createFrom().voidItem();
        });
    }

    /** {@code Finished}, {@code Failed}, {@code Stopped}: the terminal state the report asks for, if it may. */
    private Uni<Boolean> end(SqlConnection tx, Execution execution, WorkerEvent event, Instant now) {
        Optional<StateChange> change = ReportDecisions.decide(execution, event, now);
        if (change.isEmpty()) {
            logIgnored(execution, event);
            return Uni.createFrom().item(false);
        }
        // a run that ended within worker-pool's hold of its Started: this end stands for it (docs/job-control.md)
        Instant runStartedAt = execution.state() == ExecutionStatus.QUEUED ? WorkerEvent.runStartedAt(event) : null;
        // that run's worker is the epoch's owner, as its Started would have recorded: a duplicate run is fenced
        String owner = runStartedAt == null ? null : event.workerId();
        return applyEnd(tx, execution, change.get(), event, owner, applied -> {
            if (execution.state() == ExecutionStatus.WORKING) {
                // updated_at changes with the state only: here, when the execution last entered working
                latency.ran(execution.updatedAt(), applied.to(), applied.at());
            } else if (runStartedAt != null) {
                latency.pickedUp(execution.createdAt(), applied.at());
                latency.ran(Duration.between(runStartedAt, event.occurredAt()), applied.to());
            }
            return circuit.callEnded(tx, execution.toolName(), event);
        });
    }

    private static void logIgnored(Execution execution, WorkerEvent event) {
        LOG.debugf(
                "Ignoring report [executionId=%s type=%s messageId=%s state=%s epoch=%d reportEpoch=%d]",
                execution.id(), event.kind(), event.messageId(), execution.state(), execution.epoch(), event.epoch());
    }

    /**
     * A report of the current epoch from another instance than the recorded owner: the same dispatch running a second
     * time, typically after Kafka reassigned the work partition before the first instance committed its offset. The
     * first {@code Started} recorded the owner; everything the duplicate reports is fenced like a stale epoch, so a
     * result, failure, commit request or child death of the duplicate never decides the execution.
     */
    private static boolean isDuplicateRun(OwnedExecution owned, WorkerEvent event) {
        return event.epoch() == owned.execution().epoch()
                && owned.ownerWorkerId() != null
                && !owned.ownerWorkerId().equals(event.workerId());
    }

    /**
     * Ignores the duplicate's report; its {@code Started} gets a stop addressed to that instance only. That holds for
     * an execution that already ended too (e.g. completed from its staged result after the owner was lost, under the
     * same epoch): nothing else would stop the redelivered run, which would hold a child until it ended by itself.
     */
    private Uni<Boolean> fenceDuplicateRun(SqlConnection tx, OwnedExecution owned, WorkerEvent event, Instant now) {
        Execution execution = owned.execution();
        if (!(event instanceof Started started)) {
            LOG.debugf(
                    "Ignoring a duplicate run's report [executionId=%s type=%s epoch=%d workerId=%s owner=%s]",
                    execution.id(), event.kind(), event.epoch(), event.workerId(), owned.ownerWorkerId());
            return Uni.createFrom().item(false);
        }
        LOG.infof(
                "Stopping a duplicate run [executionId=%s epoch=%d state=%s workerId=%s owner=%s]",
                execution.id(), started.epoch(), execution.state(), started.workerId(), owned.ownerWorkerId());
        String reason = execution.state().isTerminal()
                ? "duplicate run: the execution already ended "
                        + execution.state().wireName()
                : "duplicate run: epoch " + started.epoch() + " already runs on its owner";
        StopRequested stop =
                new StopRequested(ids.newId(), now, execution.id(), started.epoch(), reason, started.workerId());
        return outbox.append(
                        tx,
                        List.of(OutboxMessage.of(
                                config.topics().control(),
                                execution.id().toString(),
                                stop.messageId(),
                                StopRequested.TYPE,
                                stop)))
                .replaceWith(true);
    }

    /**
     * A run started for an epoch that is no longer current, or of an execution that already ended: typically a
     * dispatch Kafka redelivered to a restarted worker because its dead predecessor never committed the offset. The
     * stop the settlement published went out before that worker listened, so it would hold a child for nothing.
     */
    private static boolean isStaleRun(Execution execution, Started started) {
        return started.epoch() < execution.epoch() || execution.state().isTerminal();
    }

    /** Asks the worker to stop the stale run (its reports are fenced either way); the execution is unchanged. */
    private Uni<Boolean> stopStaleRun(SqlConnection tx, Execution execution, Started started, Instant now) {
        LOG.infof(
                "Stopping a stale run [executionId=%s runEpoch=%d epoch=%d state=%s workerId=%s]",
                execution.id(), started.epoch(), execution.epoch(), execution.state(), started.workerId());
        StopRequested stop = new StopRequested(
                ids.newId(),
                now,
                execution.id(),
                started.epoch(),
                "stale run: epoch " + started.epoch() + " is no longer current");
        return outbox.append(
                        tx,
                        List.of(OutboxMessage.of(
                                config.topics().control(),
                                execution.id().toString(),
                                stop.messageId(),
                                StopRequested.TYPE,
                                stop)))
                .replaceWith(true);
    }

    /**
     * When the compare-and-set of {@code change} {@code won}: {@code alongside} and the {@code ExecutionChanged}, in
     * the same transaction.
     */
    private Uni<Boolean> afterChange(
            SqlConnection tx,
            Execution execution,
            StateChange change,
            WorkerEvent event,
            Uni<Boolean> won,
            Function<StateChange, Uni<Void>> alongside) {
        return won.flatMap(changed -> {
            if (!changed) {
                return lostUpdate(execution, event);
            }
            ExecutionChanged lifecycle = LifecycleEvents.changed(
                    ids.newId(), execution, change.to(), change.at(), ReportDecisions.summaryOf(change));
            return alongside.apply(change).flatMap(v -> appendLifecycle(tx, lifecycle));
        });
    }

    /**
     * The compare-and-set of a run's end: its {@code ExecutionChanged} carries the outcome as the compare-and-set
     * left the execution ({@link LifecycleEvents#ended}), for the frontends that wait for it — unless the record would
     * not fit one Kafka record with it ({@link OutboxWriter#fits}): then it goes without.
     */
    private Uni<Boolean> applyEnd(
            SqlConnection tx,
            Execution execution,
            StateChange change,
            WorkerEvent event,
            String owner,
            Function<StateChange, Uni<Void>> alongside) {
        return executions.compareAndSetReturning(tx, change, owner).flatMap(ended -> {
            if (ended.isEmpty()) {
                return lostUpdate(execution, event);
            }
            UUID messageId = ids.newId();
            String summary = ReportDecisions.summaryOf(change);
            OutboxMessage lifecycle = lifecycleMessage(LifecycleEvents.ended(
                    messageId,
                    ended.get(),
                    change.result(),
                    change.at(),
                    summary,
                    config.lifecycle().carriedResultMaxBytes()));
            if (!outbox.fits(lifecycle)) {
                // the outcome is a hint (a frontend without it reads the outcome from job-control), the record is not:
                // webhooks and waiting callers hear of the end through it. A failure's message has no bound of its own.
                lifecycle = lifecycleMessage(
                        LifecycleEvents.ended(messageId, ended.get(), change.result(), change.at(), summary, 0));
            }
            OutboxMessage end = lifecycle;
            return alongside
                    .apply(change)
                    .flatMap(v -> outbox.append(tx, List.of(end)).replaceWith(true));
        });
    }

    private static Uni<Boolean> lostUpdate(Execution execution, WorkerEvent event) {
        LOG.debugf(
                "Report lost a concurrent update [executionId=%s type=%s messageId=%s]",
                execution.id(), event.kind(), event.messageId());
        return Uni.createFrom().item(false);
    }

    private Uni<Boolean> appendLifecycle(SqlConnection tx, ExecutionChanged lifecycle) {
        return outbox.append(tx, List.of(lifecycleMessage(lifecycle))).replaceWith(true);
    }

    private OutboxMessage lifecycleMessage(ExecutionChanged lifecycle) {
        return OutboxMessage.of(
                config.topics().lifecycle(),
                lifecycle.executionId().toString(),
                lifecycle.messageId(),
                ExecutionChanged.TYPE,
                lifecycle);
    }

    private Uni<Boolean> recordProgress(SqlConnection tx, Execution execution, Progress progress) {
        boolean running =
                execution.state() == ExecutionStatus.WORKING || execution.state() == ExecutionStatus.INPUT_REQUIRED;
        if (progress.epoch() != execution.epoch() || !running) {
            LOG.debugf(
                    "Ignoring progress [executionId=%s messageId=%s state=%s epoch=%d reportEpoch=%d]",
                    execution.id(), progress.messageId(), execution.state(), execution.epoch(), progress.epoch());
            return Uni.createFrom().item(false);
        }
        return executions
                .recordProgress(
                        tx,
                        execution.id(),
                        execution.state(),
                        execution.epoch(),
                        progress.progress(),
                        progress.total(),
                        progress.message())
                .replaceWith(false);
    }
}
