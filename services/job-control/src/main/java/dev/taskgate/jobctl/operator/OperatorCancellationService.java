package dev.taskgate.jobctl.operator;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.CancelOutcome;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.Operations;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.operator.audit.AuditLog;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.outbox.StopDeliveryWait;
import dev.taskgate.jobctl.query.ExecutionNotFoundException;

/**
 * An operator's cancel of any execution in the project (docs/mcp-frontend.md "Operator API"). One transaction locks the
 * execution, applies {@link CancelDecision}, writes the state change and the stop to the outbox and the audit entry
 * together. A requested stop is then confirmed by waiting ({@link StopDeliveryWait}) for the relay to have published
 * it: {@code accepted} when it was, {@code stop_delivery_unknown} when not (the audit entry says the same).
 */
@ApplicationScoped
public class OperatorCancellationService {

    private final Pool pool;
    private final ExecutionRepository executions;
    private final OperatorHandles handles;
    private final Operations operations;
    private final OutboxWriter outbox;
    private final StopDeliveryWait delivery;
    private final AuditLog audit;
    private final JobControlConfig config;
    private final DbClock clock;
    private final IdSource ids;

    OperatorCancellationService(
            Pool pool,
            ExecutionRepository executions,
            OperatorHandles handles,
            Operations operations,
            OutboxWriter outbox,
            StopDeliveryWait delivery,
            AuditLog audit,
            JobControlConfig config,
            DbClock clock,
            IdSource ids) {
        this.pool = pool;
        this.executions = executions;
        this.handles = handles;
        this.operations = operations;
        this.outbox = outbox;
        this.delivery = delivery;
        this.audit = audit;
        this.config = config;
        this.clock = clock;
        this.ids = ids;
    }

    /** Cancels the execution the handle names, for an operator of the route's project. */
    public Uni<OperatorCancelResult> cancel(OperatorCall call, String handle) {
        Instant now = clock.now();
        return Transactions.within(
                        pool,
                        tx -> handles.resolve(tx, handle, call.workspace(), now, true)
                                .flatMap(found -> {
                                    if (found.isEmpty()) {
                                        return audit.record(
                                                        tx,
                                                        call,
                                                        OperatorActions.CANCEL,
                                                        handle,
                                                        null,
                                                        AuditEntry.NOT_FOUND)
                                                .map(id -> (Step) null);
                                    }
                                    Execution execution = found.get();
                                    CancelDecision decision =
                                            CancelDecision.of(execution, operations.find(execution.toolName()));
                                    return apply(tx, call, handle, execution, decision, now);
                                }))
                .flatMap(step -> {
                    if (step == null) {
                        return Uni.createFrom().failure(new ExecutionNotFoundException());
                    }
                    if (step.stopMessageId() == null) {
                        return Uni.createFrom().item(step.result());
                    }
                    return confirm(step);
                });
    }

    private Uni<Step> apply(
            SqlConnection tx,
            OperatorCall call,
            String handle,
            Execution execution,
            CancelDecision decision,
            Instant now) {
        switch (decision) {
            case CANCEL_QUEUED: {
                StopRequested stop = stop(execution, call, now);
                StateChange change = StateChange.of(execution, ExecutionStatus.CANCELLED, now)
                        .withStatusMessage("Cancelled by an operator before it started.")
                        .withCancelRequestedAt(now);
                ExecutionChanged changed = LifecycleEvents.changed(
                        ids.newId(), execution, ExecutionStatus.CANCELLED, now, ExecutionStatus.CANCELLED.wireName());
                List<OutboxMessage> messages = new ArrayList<>();
                messages.add(message(config.topics().control(), stop));
                messages.add(OutboxMessage.of(
                        config.topics().lifecycle(),
                        execution.id().toString(),
                        changed.messageId(),
                        ExecutionChanged.TYPE,
                        changed));
                // the row is locked (for update): the compare-and-set cannot lose here
                return executions
                        .compareAndSet(tx, change)
                        .flatMap(ok -> outbox.append(tx, messages))
                        .flatMap(v -> finish(tx, call, handle, execution, CancelOutcome.ACCEPTED, null));
            }
            case REQUEST_STOP: {
                StopRequested stop = stop(execution, call, now);
                // recorded as unknown until the relay is seen to have published the stop (see confirm)
                return executions
                        .markCancelRequested(tx, execution.id(), now)
                        .flatMap(v -> outbox.append(
                                tx, List.of(message(config.topics().control(), stop))))
                        .flatMap(v -> finish(
                                tx, call, handle, execution, CancelOutcome.STOP_DELIVERY_UNKNOWN, stop.messageId()));
            }
            case UNSUPPORTED:
                return finish(tx, call, handle, execution, CancelOutcome.UNSUPPORTED, null);
            case STOP_ALREADY_REQUESTED:
                return finish(tx, call, handle, execution, CancelOutcome.STOP_ALREADY_REQUESTED, null);
            case ALREADY_TERMINAL:
            default:
                return finish(tx, call, handle, execution, CancelOutcome.ALREADY_TERMINAL, null);
        }
    }

    private Uni<Step> finish(
            SqlConnection tx,
            OperatorCall call,
            String handle,
            Execution before,
            CancelOutcome outcome,
            UUID stopMessageId) {
        return audit.record(tx, call, OperatorActions.CANCEL, handle, before.id(), outcome.wireName())
                .flatMap(auditId -> executions
                        .findById(tx, before.id())
                        .map(after -> new Step(
                                new OperatorCancelResult(outcome, handles.view(after.orElse(before))),
                                auditId,
                                stopMessageId)));
    }

    private Uni<OperatorCancelResult> confirm(Step step) {
        return delivery.delivered(step.stopMessageId())
                .flatMap(published -> published
                        ? audit.correct(step.auditId(), CancelOutcome.ACCEPTED.wireName())
                                .map(v -> new OperatorCancelResult(
                                        CancelOutcome.ACCEPTED, step.result().execution()))
                        : Uni.createFrom().item(step.result()));
    }

    private StopRequested stop(Execution execution, OperatorCall call, Instant now) {
        return new StopRequested(ids.newId(), now, execution.id(), execution.epoch(), "cancelled by an operator");
    }

    private static OutboxMessage message(String topic, StopRequested stop) {
        return OutboxMessage.of(topic, stop.executionId().toString(), stop.messageId(), StopRequested.TYPE, stop);
    }

    /** What the transaction did; {@code stopMessageId} is set when a stop for a running execution must be confirmed. */
    private record Step(OperatorCancelResult result, long auditId, UUID stopMessageId) {}
}
