package dev.taskgate.jobctl.recovery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.checkpoint.FrontierCheckpoint;
import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.operator.OperatorRecovery;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.Operations;
import dev.taskgate.jobctl.checkpoint.db.FrontierCheckpointRepository;
import dev.taskgate.jobctl.checkpoint.db.ResultCheckpointRepository;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.OwnedExecution;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.WorkspaceIds;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.journal.BoundPlan;
import dev.taskgate.jobctl.journal.db.JournalRepository;
import dev.taskgate.jobctl.metrics.ExecutionMetrics;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.recovery.db.RecoveryRepository;
import dev.taskgate.jobctl.report.ReportDecisions;
import dev.taskgate.payload.PayloadUnreadableException;

/**
 * Settles an execution whose owner was lost, inside the caller's transaction: asks {@link OwnerLossDecisions} and
 * applies the verdict with a compare-and-set on (state, epoch), together with its outbox records —
 * {@code ExecutionChanged}, a {@code StopRequested} for the lost epoch (a presumed-dead owner that is in fact still
 * running stops, and its late reports are fenced anyway) and, for a replacement, a new {@code RunOperation} under
 * the next epoch and attempt.
 */
@ApplicationScoped
public class OwnerLossService {

    private static final Logger LOG = Logger.getLogger(OwnerLossService.class);

    private final ExecutionRepository executions;
    private final OutboxWriter outbox;
    private final JobControlConfig config;
    private final IdSource ids;
    private final ResultCheckpointRepository resultCheckpoints;
    private final JournalRepository journal;
    private final FrontierCheckpointRepository frontiers;
    private final RecoveryRepository recoveries;
    private final ExecutionMetrics metrics;
    private final Operations catalog;

    OwnerLossService(
            ExecutionRepository executions,
            OutboxWriter outbox,
            JobControlConfig config,
            IdSource ids,
            ResultCheckpointRepository resultCheckpoints,
            JournalRepository journal,
            FrontierCheckpointRepository frontiers,
            RecoveryRepository recoveries,
            ExecutionMetrics metrics,
            Operations catalog) {
        this.metrics = metrics;
        this.catalog = catalog;
        this.frontiers = frontiers;
        this.recoveries = recoveries;
        this.journal = journal;
        this.resultCheckpoints = resultCheckpoints;
        this.executions = executions;
        this.outbox = outbox;
        this.config = config;
        this.ids = ids;
    }

    /**
     * Settles the execution a {@code ChildDied} report is about, if the report is for its current epoch.
     *
     * @return whether outbox records were written
     */
    public Uni<Boolean> settleChildDied(SqlConnection tx, ChildDied died, Instant now) {
        return executions.findOwnedForUpdate(tx, died.executionId()).flatMap(found -> {
            if (found.isEmpty() || found.get().execution().epoch() != died.epoch()) {
                LOG.debugf(
                        "Ignoring ChildDied [executionId=%s epoch=%d messageId=%s]",
                        died.executionId(), died.epoch(), died.messageId());
                return Uni.createFrom().item(false);
            }
            String cause = "the child process running it on worker instance " + died.workerId()
                    + " exited abruptly (exit code " + (died.exitCode() == null ? "unknown" : died.exitCode()) + ")";
            return settle(tx, found.get(), LossCause.CHILD_DIED, cause, now);
        });
    }

    /**
     * Settles one execution (locked by the caller) whose owner was lost for {@code cause}.
     *
     * @return whether outbox records were written
     */
    public Uni<Boolean> settle(SqlConnection tx, OwnedExecution owned, LossCause kind, String cause, Instant now) {
        Execution execution = owned.execution();
        Uni<Optional<byte[]>> staged = resultCheckpoints
                .find(tx, execution.id(), execution.epoch())
                .onFailure(PayloadUnreadableException.class)
                .recoverWithItem(failure -> {
                    // settle without it (as if nothing was staged) rather than retrying a value no key opens
                    LOG.warnf(
                            failure,
                            "Staged result unreadable; settling without it [executionId=%s epoch=%d]",
                            execution.id(),
                            execution.epoch());
                    return Optional.<byte[]>empty();
                });
        Uni<Optional<FrontierCheckpoint>> frontier = frontiers
                .find(tx, execution.id())
                .onFailure(PayloadUnreadableException.class)
                .recoverWithItem(failure -> {
                    LOG.warnf(
                            failure,
                            "Frontier unreadable; a replacement starts afresh [executionId=%s]",
                            execution.id());
                    return Optional.<FrontierCheckpoint>empty();
                });
        return staged.flatMap(result -> journal.find(tx, execution.id())
                .flatMap(bound -> frontier.flatMap(latest -> resumable(tx, execution, latest, cause, now))
                        .flatMap(resumable -> settle(tx, owned, result, bound, resumable, now)
                                .call(settled -> settled.map(outcome -> {
                                            metrics.recovered(kind.wireName(), outcome);
                                            return recoveries.record(
                                                    tx,
                                                    execution.id(),
                                                    execution.epoch(),
                                                    new OperatorRecovery(
                                                            execution.attempt(), now, kind.wireName(), outcome));
                                        })
                                        .orElse(Uni.createFrom().voidItem()))
                                .map(Optional::isPresent))));
    }

    /**
     * The frontier a replacement could start from, and the cause of the loss as the verdict's messages name it. A
     * rewrite never has one (none is stored for it, see FrontierCheckpointService); a mutating execution has one only
     * when it follows an upstream's task.
     */
    private record Resumable(Optional<FrontierCheckpoint> frontier, String cause) {}

    /**
     * The latest frontier, if a replacement can carry it: its {@code RunOperation} holds the input and the frontier,
     * and a row over the record limit could never leave the outbox (it would stop the relay). A frontier that does not
     * fit is treated as none — a read-only execution is replaced from the beginning, a mutating one that followed an
     * upstream's task is not invoked again — and the cause says why.
     */
    private Uni<Resumable> resumable(
            SqlConnection tx, Execution execution, Optional<FrontierCheckpoint> latest, String cause, Instant now) {
        if (latest.isEmpty()) {
            return Uni.createFrom().item(new Resumable(latest, cause));
        }
        return executions.findInput(tx, execution.id()).map(input -> {
            if (input.isEmpty()) {
                return new Resumable(latest, cause); // not re-run at all: replace() fails it for its input
            }
            OutboxMessage work = work(execution, Wire.fromBytes(input.get(), JsonNode.class), null, latest.get(), now);
            if (outbox.fits(work)) {
                return new Resumable(latest, cause);
            }
            int size = outbox.sealedSize(work);
            LOG.warnf(
                    "Frontier too large to send with the input; a replacement starts without it [executionId=%s "
                            + "sequence=%d recordBytes=%d maxBytes=%d]",
                    execution.id(), latest.get().sequence(), size, outbox.maxSealedPayloadBytes());
            return new Resumable(
                    Optional.empty(),
                    cause + "; checkpoint " + latest.get().sequence() + " is too large to send with its input (" + size
                            + " bytes, at most " + outbox.maxSealedPayloadBytes() + ")");
        });
    }

    /** Applies the verdict; the outcome's name ({@link OperatorRecovery#outcome()}) when it was applied. */
    private Uni<Optional<String>> settle(
            SqlConnection tx,
            OwnedExecution owned,
            Optional<byte[]> staged,
            Optional<BoundPlan> bound,
            Resumable resumable,
            Instant now) {
        Execution execution = owned.execution();
        String cause = resumable.cause();
        OwnerLossVerdict verdict = OwnerLossDecisions.decide(
                new LostExecution(
                        execution.state(),
                        execution.mutating(),
                        execution.cancelRequestedAt() != null,
                        owned.replacements(),
                        owned.replacedFromFrontier(),
                        currentFrontier(resumable.frontier()),
                        staged.isPresent(),
                        bound.isPresent(),
                        sourceBound(execution)),
                cause);
        return switch (verdict.action()) {
            case IGNORE -> Uni.createFrom().item(Optional.empty());
            case PUBLISH_STAGED ->
                outcome(
                        end(
                                tx,
                                execution,
                                StateChange.of(execution, ExecutionStatus.COMPLETED, now)
                                        .withResult(staged.orElseThrow())
                                        .withStatusMessage(verdict.message())),
                        "completed");
            case REPLACE ->
                replace(tx, owned, verdict, null, resumable.frontier().orElse(null), now);
            case RECONCILE -> replace(tx, owned, verdict, bound.orElseThrow().plan(), null, now);
            case FAIL ->
                outcome(
                        end(
                                tx,
                                execution,
                                StateChange.of(execution, ExecutionStatus.FAILED, now)
                                        .withError(verdict.errorCode(), verdict.message())),
                        "failed");
            case CANCEL ->
                outcome(
                        end(
                                tx,
                                execution,
                                StateChange.of(execution, ExecutionStatus.CANCELLED, now)
                                        .withStatusMessage(verdict.message())),
                        "cancelled");
        };
    }

    private static Uni<Optional<String>> outcome(Uni<Boolean> applied, String name) {
        return applied.map(changed -> changed ? Optional.of(name) : Optional.empty());
    }

    /**
     * Whether the execution's staged result is bound to the workspace files it read: a read-only operation over a
     * workspace stages with a final frontier naming them (docs/worker-pool.md, result checkpoints).
     */
    private boolean sourceBound(Execution execution) {
        return !execution.mutating()
                && catalog.find(execution.toolName())
                        .map(OperationSpec::workspace)
                        .orElse(false);
    }

    /** Where a replacement would start: the latest frontier's sequence, or the beginning without one. */
    static String currentFrontier(Optional<FrontierCheckpoint> latest) {
        return latest.map(c -> OwnerLossDecisions.CHECKPOINT_PREFIX + c.sequence())
                .orElse(OwnerLossDecisions.FROM_START);
    }

    /** A replacement dispatch; with {@code journal}, a reconciliation run that never runs the operation itself. */
    private Uni<Optional<String>> replace(
            SqlConnection tx,
            OwnedExecution owned,
            OwnerLossVerdict verdict,
            JournalEntry journal,
            FrontierCheckpoint checkpoint,
            Instant now) {
        Execution execution = owned.execution();
        return executions.findInput(tx, execution.id()).flatMap(input -> {
            Optional<JsonNode> parsed = input.map(bytes -> Wire.fromBytes(bytes, JsonNode.class));
            if (parsed.isEmpty()) {
                return notReRun(tx, execution, "its input is no longer stored", now);
            }
            OutboxMessage work = work(execution, parsed.get(), journal, checkpoint, now);
            if (!outbox.fits(work)) {
                // never written: the relay publishes rows in order and would stop at one it can never send
                return notReRun(
                        tx,
                        execution,
                        "its work record would be " + outbox.sealedSize(work) + " bytes, at most "
                                + outbox.maxSealedPayloadBytes() + " fit",
                        now);
            }
            return executions
                    .replace(
                            tx,
                            execution.id(),
                            execution.state(),
                            execution.epoch(),
                            owned.replacements(),
                            verdict.frontier(),
                            verdict.message(),
                            now)
                    .flatMap(changed -> {
                        if (!changed) {
                            return Uni.createFrom().item(Optional.<String>empty());
                        }
                        LOG.infof(
                                "Execution replaced after owner loss [executionId=%s owner=%s lostEpoch=%d "
                                        + "epoch=%d attempt=%d frontier=%s]",
                                execution.id(),
                                owned.ownerWorkerId(),
                                execution.epoch(),
                                execution.epoch() + 1,
                                execution.attempt() + 1,
                                verdict.frontier());
                        ExecutionChanged lifecycle = LifecycleEvents.changed(
                                ids.newId(), execution, ExecutionStatus.QUEUED, now, ExecutionStatus.QUEUED.wireName());
                        List<OutboxMessage> messages = new ArrayList<>(stopLostEpoch(execution, now));
                        messages.add(OutboxMessage.of(
                                config.topics().lifecycle(),
                                execution.id().toString(),
                                lifecycle.messageId(),
                                ExecutionChanged.TYPE,
                                lifecycle));
                        messages.add(work);
                        return outbox.append(tx, messages)
                                .replaceWith(Optional.of(journal == null ? "replaced" : "reconciled"));
                    });
        });
    }

    /** The {@code RunOperation} of the execution's next attempt, under the next epoch. */
    private OutboxMessage work(
            Execution execution, JsonNode input, JournalEntry journal, FrontierCheckpoint checkpoint, Instant now) {
        RunOperation run = new RunOperation(
                ids.newId(),
                now,
                execution.id(),
                execution.attempt() + 1,
                execution.epoch() + 1,
                execution.toolName(),
                execution.toolVersion(),
                input,
                execution.deadlineAt(),
                journal,
                checkpoint,
                WorkspaceIds.of(execution));
        return OutboxMessage.of(
                config.topics().work(), execution.id().toString(), run.messageId(), RunOperation.TYPE, run);
    }

    private Uni<Optional<String>> notReRun(SqlConnection tx, Execution execution, String why, Instant now) {
        return outcome(
                end(
                        tx,
                        execution,
                        StateChange.of(execution, ExecutionStatus.FAILED, now)
                                .withError(OwnerLossDecisions.OWNER_LOST, "owner lost; not re-run (" + why + ")")),
                "failed");
    }

    private Uni<Boolean> end(SqlConnection tx, Execution execution, StateChange change) {
        return executions.compareAndSet(tx, change).flatMap(changed -> {
            if (!changed) {
                return Uni.createFrom().item(false);
            }
            LOG.infof(
                    "Execution settled after owner loss [executionId=%s state=%s epoch=%d reason=%s]",
                    execution.id(),
                    change.to(),
                    execution.epoch(),
                    change.errorMessage() != null ? change.errorMessage() : change.statusMessage());
            ExecutionChanged lifecycle = LifecycleEvents.changed(
                    ids.newId(), execution, change.to(), change.at(), ReportDecisions.summaryOf(change));
            List<OutboxMessage> messages = new ArrayList<>(stopLostEpoch(execution, change.at()));
            messages.add(OutboxMessage.of(
                    config.topics().lifecycle(),
                    execution.id().toString(),
                    lifecycle.messageId(),
                    ExecutionChanged.TYPE,
                    lifecycle));
            return outbox.append(tx, messages).replaceWith(true);
        });
    }

    private List<OutboxMessage> stopLostEpoch(Execution execution, Instant now) {
        StopRequested stop = new StopRequested(ids.newId(), now, execution.id(), execution.epoch(), "owner lost");
        return List.of(OutboxMessage.of(
                config.topics().control(), execution.id().toString(), stop.messageId(), StopRequested.TYPE, stop));
    }
}
