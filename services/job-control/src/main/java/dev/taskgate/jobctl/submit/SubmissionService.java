package dev.taskgate.jobctl.submit;

import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.Operations;
import dev.taskgate.jobctl.command.CommandOutcome;
import dev.taskgate.jobctl.command.Problems;
import dev.taskgate.jobctl.command.Replies;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.ExecutionLifetime;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.submit.db.ReceiptRepository;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

/**
 * Turns a {@link SubmitExecution} into a durable execution, exactly once per receipt key (design.md
 * "job-control", submission). The receipt insert decides: the transaction that inserts it creates the execution
 * and its outbox records; every other one returns that execution or, for a different request, a conflict.
 */
@ApplicationScoped
public class SubmissionService {

    private final Pool pool;
    private final ReceiptRepository receipts;
    private final ExecutionRepository executions;
    private final OutboxWriter outbox;
    private final Operations catalog;
    private final ExecutionLifetime lifetime;
    private final JobControlConfig config;
    private final Clock clock;
    private final IdSource ids;

    SubmissionService(Pool pool, ReceiptRepository receipts, ExecutionRepository executions, OutboxWriter outbox,
            Operations catalog, ExecutionLifetime lifetime, JobControlConfig config, Clock clock, IdSource ids) {
        this.pool = pool;
        this.receipts = receipts;
        this.executions = executions;
        this.outbox = outbox;
        this.catalog = catalog;
        this.lifetime = lifetime;
        this.config = config;
        this.clock = clock;
        this.ids = ids;
    }

    /** Handles one submission in one transaction; the outcome's reply is sent after it committed. */
    public Uni<CommandOutcome> submit(SubmitExecution command) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS); // PostgreSQL keeps microseconds
        Optional<OperationSpec> operation = catalog.find(command.toolName());
        if (operation.isEmpty()) {
            return Uni.createFrom().item(new CommandOutcome(
                    Replies.rejected(ids.newId(), now, command, Problems.unknownTool(command.toolName())), false));
        }
        OperationSpec spec = operation.get();
        byte[] fingerprint = RequestFingerprint.of(spec.name(), spec.version(), command.input());
        Execution fresh = newExecution(command, spec, now);
        Caller caller = command.caller();
        return pool.withTransaction(tx -> receipts.insertIfAbsent(tx, caller.principal(), caller.workspace(),
                command.receiptKey(), fingerprint, spec.name(), spec.version(), fresh.id(), now)
                .flatMap(inserted -> inserted
                        ? create(tx, command, fresh, now)
                        : answerExisting(tx, command, fingerprint, now)));
    }

    private Uni<CommandOutcome> create(SqlConnection tx, SubmitExecution command, Execution execution, Instant now) {
        RunOperation run = new RunOperation(ids.newId(), now, execution.id(), execution.attempt(), execution.epoch(),
                execution.toolName(), execution.toolVersion(), command.input(), execution.deadlineAt());
        ExecutionChanged changed = LifecycleEvents.changed(ids.newId(), execution, ExecutionStatus.QUEUED, now,
                ExecutionStatus.QUEUED.wireName());
        String key = execution.id().toString();
        List<OutboxMessage> messages = List.of(
                OutboxMessage.of(config.topics().work(), key, run.messageId(), RunOperation.TYPE, run),
                OutboxMessage.of(config.topics().lifecycle(), key, changed.messageId(), ExecutionChanged.TYPE,
                        changed));
        return executions.insert(tx, execution, Wire.toBytes(command.input()))
                .flatMap(v -> outbox.append(tx, messages))
                .map(v -> new CommandOutcome(Replies.accepted(ids.newId(), now, command, execution, true), true));
    }

    private Uni<CommandOutcome> answerExisting(SqlConnection tx, SubmitExecution command, byte[] fingerprint,
            Instant now) {
        Caller caller = command.caller();
        return receipts.find(tx, caller.principal(), caller.workspace(), command.receiptKey())
                .map(found -> found.orElseThrow(() -> new IllegalStateException(
                        "receipt vanished after a conflicting insert [receiptKey=" + command.receiptKey() + "]")))
                .flatMap(receipt -> {
                    if (!MessageDigest.isEqual(receipt.fingerprint(), fingerprint)) {
                        return Uni.createFrom().item(new CommandOutcome(Replies.rejected(ids.newId(), now, command,
                                Problems.idempotencyConflict(command.receiptKey())), false));
                    }
                    return executions.findById(tx, receipt.executionId())
                            .map(existing -> existing.orElseThrow(() -> new IllegalStateException(
                                    "receipt points at a missing execution [executionId=" + receipt.executionId()
                                            + "]")))
                            .map(existing -> new CommandOutcome(
                                    Replies.accepted(ids.newId(), now, command, existing, false), false));
                });
    }

    private Execution newExecution(SubmitExecution command, OperationSpec spec, Instant now) {
        Caller caller = command.caller();
        Instant deadline = lifetime.deadline(spec.name(), now);
        return new Execution(ids.newId(), caller.principal(), caller.workspace(), caller.orgId(),
                caller.projectId(), command.surface(), spec.name(), spec.version(), ExecutionStatus.QUEUED, 1L, 1,
                null, null, null, null, null, null, now, now, deadline, lifetime.retentionAtCreation(deadline),
                spec.mutating(), null);
    }
}
