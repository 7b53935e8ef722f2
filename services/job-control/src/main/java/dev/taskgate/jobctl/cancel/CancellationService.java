package dev.taskgate.jobctl.cancel;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.auth.Scopes;
import dev.taskgate.jobctl.command.CommandOutcome;
import dev.taskgate.jobctl.command.OwnedExecutionLock;
import dev.taskgate.jobctl.command.Problems;
import dev.taskgate.jobctl.command.Replies;
import dev.taskgate.jobctl.command.WriteScope;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.journal.db.JournalRepository;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.outbox.StopDeliveryWait;

/**
 * Handles {@link CancelExecution} (docs/job-control.md "Cancellation"): a queued execution is cancelled at once, a
 * running one is asked to stop and the worker's report decides its final state; a terminal one stays as it is.
 * After the commit, a stop asked of a running execution is followed until the relay published it, within a bound
 * ({@link StopDeliveryWait}): the reply's {@code stopDelivered} says whether it was, as the operator's cancel does.
 * An execution the caller does not own is answered exactly like an unknown one ({@link OwnedExecutionLock}); the
 * owner of a mutating operation's execution (as submitted or by the tool's current policy, {@link WriteScope}) needs
 * {@code tools:write} to cancel it (docs/security.md "Scopes").
 */
@ApplicationScoped
public class CancellationService {

    static final String STOP_TYPE = StopRequested.TYPE;
    private static final String DEFAULT_REASON = "cancelled by the caller";

    private final Pool pool;
    private final ExecutionRepository executions;
    private final OutboxWriter outbox;
    private final JobControlConfig config;
    private final DbClock clock;
    private final IdSource ids;
    private final JournalRepository journal;
    private final OwnedExecutionLock lock;
    private final WriteScope writeScope;
    private final StopDeliveryWait delivery;

    CancellationService(
            Pool pool,
            ExecutionRepository executions,
            OutboxWriter outbox,
            JobControlConfig config,
            DbClock clock,
            IdSource ids,
            JournalRepository journal,
            OwnedExecutionLock lock,
            WriteScope writeScope,
            StopDeliveryWait delivery) {
        this.delivery = delivery;
        this.journal = journal;
        this.writeScope = writeScope;
        this.lock = lock;
        this.pool = pool;
        this.executions = executions;
        this.outbox = outbox;
        this.config = config;
        this.clock = clock;
        this.ids = ids;
    }

    /**
     * Handles one cancellation in one transaction; the outcome's reply is sent after it committed and, for a stop
     * asked of a running execution, after its delivery was confirmed or the wait for it ended.
     */
    public Uni<CommandOutcome> cancel(CancelExecution command) {
        return Uni.createFrom().deferred(() -> {
            AtomicReference<UUID> stopToConfirm = new AtomicReference<>();
            return handle(command, stopToConfirm)
                    .flatMap(outcome -> stopToConfirm.get() == null
                            ? Uni.createFrom().item(outcome)
                            : delivery.delivered(stopToConfirm.get())
                                    .map(delivered -> new CommandOutcome(
                                            ((Accepted) outcome.reply()).withStopDelivered(delivered),
                                            outcome.outboxWritten())));
        });
    }

    private Uni<CommandOutcome> handle(CancelExecution command, AtomicReference<UUID> stopToConfirm) {
        Instant now = clock.now();
        return Transactions.within(
                pool,
                tx -> lock.lockOrNotFound(tx, command, command.executionId(), command.caller(), now, execution -> {
                    // after the ownership check, so that only the owner learns the tool is mutating
                    if (writeScope.isRequiredFor(execution) && !command.grants(Scopes.TOOLS_WRITE)) {
                        return Uni.createFrom()
                                .item(new CommandOutcome(
                                        Replies.rejected(ids.newId(), now, command, Problems.writeScopeRequired()),
                                        false));
                    }
                    return switch (execution.state()) {
                        case COMPLETED, FAILED, CANCELLED ->
                            Uni.createFrom()
                                    .item(new CommandOutcome(
                                            Replies.accepted(ids.newId(), now, command, execution, false), false));
                        // queued for a reconciliation run (its rewrite is past the commit grant): the outcome is
                        // what the files show, so the cancellation is only recorded (issue 6, journal)
                        case QUEUED ->
                            journal.find(tx, execution.id())
                                    .flatMap(bound -> bound.isPresent()
                                            ? requestStop(tx, command, execution, now, stopToConfirm)
                                            : cancelQueued(tx, command, execution, now));
                        case WORKING, INPUT_REQUIRED -> requestStop(tx, command, execution, now, stopToConfirm);
                    };
                }));
    }

    private Uni<CommandOutcome> cancelQueued(
            SqlConnection tx, CancelExecution command, Execution execution, Instant now) {
        StateChange change = StateChange.of(execution, ExecutionStatus.CANCELLED, now)
                .withStatusMessage("Cancelled before it started.")
                .withCancelRequestedAt(now);
        ExecutionChanged changed = LifecycleEvents.changed(
                ids.newId(), execution, ExecutionStatus.CANCELLED, now, ExecutionStatus.CANCELLED.wireName());
        List<OutboxMessage> messages = new ArrayList<>(stop(command, execution, now));
        messages.add(OutboxMessage.of(
                config.topics().lifecycle(),
                execution.id().toString(),
                changed.messageId(),
                ExecutionChanged.TYPE,
                changed));
        // the row is locked (for update): the compare-and-set cannot lose here
        return executions
                .compareAndSet(tx, change)
                .flatMap(changedRow -> outbox.append(tx, messages))
                .flatMap(v -> reread(tx, command, now));
    }

    private Uni<CommandOutcome> requestStop(
            SqlConnection tx,
            CancelExecution command,
            Execution execution,
            Instant now,
            AtomicReference<UUID> stopToConfirm) {
        List<OutboxMessage> stop = stop(command, execution, now);
        return executions
                .markCancelRequested(tx, execution.id(), now)
                .flatMap(v -> outbox.append(tx, stop))
                .invoke(v -> stopToConfirm.set(stop.get(0).messageId()))
                .flatMap(v -> reread(tx, command, now));
    }

    /** A stop for the current epoch; a worker that already took the run drops or stops it. */
    private List<OutboxMessage> stop(CancelExecution command, Execution execution, Instant now) {
        String reason = command.reason() == null || command.reason().isBlank() ? DEFAULT_REASON : command.reason();
        StopRequested stop = new StopRequested(ids.newId(), now, execution.id(), execution.epoch(), reason);
        return List.of(OutboxMessage.of(
                config.topics().control(), execution.id().toString(), stop.messageId(), STOP_TYPE, stop));
    }

    private Uni<CommandOutcome> reread(SqlConnection tx, CancelExecution command, Instant now) {
        return executions
                .findById(tx, command.executionId())
                .map(found -> found.orElseThrow(() -> new IllegalStateException(
                        "locked execution vanished [executionId=" + command.executionId() + "]")))
                .map(execution ->
                        new CommandOutcome(Replies.accepted(ids.newId(), now, command, execution, false), true));
    }
}
