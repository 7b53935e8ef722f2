package dev.taskgate.jobctl.submit;

import java.security.MessageDigest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.Operations;
import dev.taskgate.jobctl.admission.AdmissionRefusal;
import dev.taskgate.jobctl.admission.AdmissionService;
import dev.taskgate.jobctl.auth.Scopes;
import dev.taskgate.jobctl.command.CommandOutcome;
import dev.taskgate.jobctl.command.Problems;
import dev.taskgate.jobctl.command.Replies;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.ExecutionLifetime;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.TaskVisibility;
import dev.taskgate.jobctl.execution.WorkspaceIds;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.submit.db.ReceiptRepository;
import dev.taskgate.jobctl.upstream.UpstreamAdmission;

/**
 * Turns a {@link SubmitExecution} into a durable execution, exactly once per receipt key (docs/job-control.md
 * "Submission and receipts"). The receipt insert decides: the transaction that inserts it creates the execution
 * and its outbox records; every other one returns that execution or, for a different request, a conflict.
 */
@ApplicationScoped
public class SubmissionService {

    private static final Logger LOG = Logger.getLogger(SubmissionService.class);

    private final Pool pool;
    private final ReceiptRepository receipts;
    private final ExecutionRepository executions;
    private final OutboxWriter outbox;
    private final Operations catalog;
    private final ExecutionLifetime lifetime;
    private final JobControlConfig config;
    private final DbClock clock;
    private final IdSource ids;
    private final AdmissionService admission;
    private final UpstreamAdmission upstreamAdmission;
    private final TaskVisibility visibility;
    private final CancelMarks cancelMarks;

    SubmissionService(
            Pool pool,
            ReceiptRepository receipts,
            ExecutionRepository executions,
            OutboxWriter outbox,
            Operations catalog,
            ExecutionLifetime lifetime,
            JobControlConfig config,
            DbClock clock,
            IdSource ids,
            AdmissionService admission,
            UpstreamAdmission upstreamAdmission,
            TaskVisibility visibility,
            CancelMarks cancelMarks) {
        this.pool = pool;
        this.receipts = receipts;
        this.executions = executions;
        this.outbox = outbox;
        this.catalog = catalog;
        this.lifetime = lifetime;
        this.config = config;
        this.clock = clock;
        this.ids = ids;
        this.admission = admission;
        this.upstreamAdmission = upstreamAdmission;
        this.visibility = visibility;
        this.cancelMarks = cancelMarks;
    }

    /**
     * Handles one submission in one transaction; the outcome's reply is sent after it committed. When the call's
     * task surface is bounded, the receipt is looked up first (a retry of a known key always gets its execution,
     * even over a bound), then admission locks and checks, and only an admitted submission writes anything.
     */
    public Uni<CommandOutcome> submit(SubmitExecution command) {
        Instant now = clock.now();
        // an upstream tool is unknown to callers outside the workspaces it is offered to
        Optional<OperationSpec> operation = catalog.find(command.toolName())
                .filter(op -> !op.isUpstream()
                        || op.upstream().admits(command.caller().workspace()));
        if (operation.isEmpty()) {
            return Uni.createFrom()
                    .item(new CommandOutcome(
                            Replies.rejected(ids.newId(), now, command, Problems.unknownTool(command.toolName())),
                            false));
        }
        OperationSpec spec = operation.get();
        // the frontend checked this already; job-control does not take its word for it (docs/security.md "Kafka")
        if (spec.mutating() && !command.grants(Scopes.TOOLS_WRITE)) {
            LOG.warnf(
                    "Submission of a mutating tool without tools:write refused [messageId=%s tool=%s]",
                    command.messageId(), spec.name());
            return Uni.createFrom()
                    .item(new CommandOutcome(
                            Replies.rejected(ids.newId(), now, command, Problems.writeScopeRequiredToSubmit()), false));
        }
        byte[] fingerprint = RequestFingerprint.of(spec.name(), spec.version(), command.input());
        byte[] input = Wire.toBytes(command.input());
        Execution fresh = newExecution(command, spec, now);
        OutboxMessage work = work(fresh, command, now);
        if (!outbox.fits(work)) {
            // a row the relay could never publish would stop it: refused before anything is written
            int size = outbox.sealedSize(work);
            LOG.infof(
                    "Submission refused: its work record would not fit one record [messageId=%s tool=%s "
                            + "recordBytes=%d maxBytes=%d]",
                    command.messageId(), spec.name(), size, outbox.maxSealedPayloadBytes());
            return Uni.createFrom()
                    .item(new CommandOutcome(
                            Replies.rejected(
                                    ids.newId(),
                                    now,
                                    command,
                                    Problems.inputTooLarge(size, outbox.maxSealedPayloadBytes())),
                            false));
        }
        return Transactions.within(
                pool,
                tx -> cancelledBeforeAdmission(tx, command, now)
                        .flatMap(cancelled -> cancelled
                                ? Uni.createFrom()
                                        .item(new CommandOutcome(
                                                Replies.rejected(
                                                        ids.newId(), now, command, Problems.cancelledBeforeAdmission()),
                                                false))
                                : admitted(tx, command, spec, fingerprint, new Fresh(fresh, work), input, now)));
    }

    /** A new execution and its first {@code RunOperation}, written together if the submission creates it. */
    private record Fresh(Execution execution, OutboxMessage work) {}

    private OutboxMessage work(Execution execution, SubmitExecution command, Instant now) {
        RunOperation run = new RunOperation(
                ids.newId(),
                now,
                execution.id(),
                execution.attempt(),
                execution.epoch(),
                execution.toolName(),
                execution.toolVersion(),
                command.input(),
                execution.deadlineAt(),
                null,
                null,
                WorkspaceIds.of(execution));
        return OutboxMessage.of(
                config.topics().work(), execution.id().toString(), run.messageId(), RunOperation.TYPE, run);
    }

    /**
     * Only a 2025-era call can be cancelled by its request id before it was admitted ({@link CancelMarks}); its
     * submissions take the key's lock and honour a mark. Other surfaces pay nothing.
     */
    private Uni<Boolean> cancelledBeforeAdmission(SqlConnection tx, SubmitExecution command, Instant now) {
        if (command.surface() != Surface.MCP_2025) {
            return Uni.createFrom().item(false);
        }
        return cancelMarks.refuses(tx, command.caller(), command.receiptKey(), now);
    }

    private Uni<CommandOutcome> admitted(
            SqlConnection tx,
            SubmitExecution command,
            OperationSpec spec,
            byte[] fingerprint,
            Fresh fresh,
            byte[] input,
            Instant now) {
        boolean bounded = admission.appliesTo(command.admissionSurface());
        if (!bounded && !upstreamAdmission.bounds(spec)) {
            return createOrAnswer(tx, command, fingerprint, fresh, input, now);
        }
        Caller caller = command.caller();
        return receipts.find(tx, caller.principal(), caller.workspace(), command.receiptKey())
                .flatMap(found -> found.isPresent()
                        ? answer(command, fingerprint, found.get(), tx, now)
                        : (bounded
                                        ? admission.check(tx, caller, input.length, now)
                                        : Uni.createFrom().item(Optional.<AdmissionRefusal>empty()))
                                .flatMap(refusal -> refusal.isPresent()
                                        ? Uni.createFrom().item(refused(command, refusal.get(), now))
                                        : upstreamAdmission
                                                .check(tx, spec)
                                                .flatMap(busy -> busy.isPresent()
                                                        ? Uni.createFrom().item(upstreamBusy(command, busy.get(), now))
                                                        : createOrAnswer(
                                                                tx, command, fingerprint, fresh, input, now))));
    }

    private CommandOutcome upstreamBusy(SubmitExecution command, UpstreamAdmission.Refusal busy, Instant now) {
        LOG.debugf(
                "submission not admitted: upstream concurrency receiptKey=%s tool=%s retryAfterSeconds=%d",
                command.receiptKey(), command.toolName(), busy.retryAfterSeconds());
        return new CommandOutcome(
                Replies.rejected(ids.newId(), now, command, busy.problem(), busy.retryAfterSeconds()), false);
    }

    // The receipt insert decides which of several concurrent submissions of one key creates the execution.
    private Uni<CommandOutcome> createOrAnswer(
            SqlConnection tx, SubmitExecution command, byte[] fingerprint, Fresh fresh, byte[] input, Instant now) {
        Caller caller = command.caller();
        return receipts.insertIfAbsent(
                        tx,
                        caller.principal(),
                        caller.workspace(),
                        command.receiptKey(),
                        fingerprint,
                        fresh.execution().toolName(),
                        fresh.execution().toolVersion(),
                        fresh.execution().id(),
                        now)
                .flatMap(inserted -> inserted
                        ? create(tx, command, fresh, input, now)
                        : answerExisting(tx, command, fingerprint, now));
    }

    private CommandOutcome refused(SubmitExecution command, AdmissionRefusal refusal, Instant now) {
        LOG.debugf(
                "submission not admitted bound=%s receiptKey=%s principal=%s workspace=%s retryAfterSeconds=%s",
                refusal.bound().boundName(),
                command.receiptKey(),
                command.caller().principal(),
                command.caller().workspace(),
                refusal.retryAfterSeconds());
        return new CommandOutcome(
                Replies.rejected(
                        ids.newId(), now, command, Problems.admissionLimit(refusal), refusal.retryAfterSeconds()),
                false);
    }

    private Uni<CommandOutcome> create(
            SqlConnection tx, SubmitExecution command, Fresh fresh, byte[] input, Instant now) {
        Execution execution = fresh.execution();
        ExecutionChanged changed = LifecycleEvents.changed(
                ids.newId(), execution, ExecutionStatus.QUEUED, now, ExecutionStatus.QUEUED.wireName());
        String key = execution.id().toString();
        List<OutboxMessage> messages = List.of(
                fresh.work(),
                OutboxMessage.of(
                        config.topics().lifecycle(), key, changed.messageId(), ExecutionChanged.TYPE, changed));
        return executions
                .insert(tx, execution, input)
                .flatMap(v -> outbox.append(tx, messages))
                .map(v -> new CommandOutcome(Replies.accepted(ids.newId(), now, command, execution, true), true));
    }

    private Uni<CommandOutcome> answerExisting(
            SqlConnection tx, SubmitExecution command, byte[] fingerprint, Instant now) {
        Caller caller = command.caller();
        return receipts.find(tx, caller.principal(), caller.workspace(), command.receiptKey())
                .map(found -> found.orElseThrow(() -> new IllegalStateException(
                        "receipt vanished after a conflicting insert [receiptKey=" + command.receiptKey() + "]")))
                .flatMap(receipt -> answer(command, fingerprint, receipt, tx, now));
    }

    private Uni<CommandOutcome> answer(
            SubmitExecution command, byte[] fingerprint, Receipt receipt, SqlConnection tx, Instant now) {
        if (!MessageDigest.isEqual(receipt.fingerprint(), fingerprint)) {
            return Uni.createFrom()
                    .item(new CommandOutcome(
                            Replies.rejected(
                                    ids.newId(), now, command, Problems.idempotencyConflict(command.receiptKey())),
                            false));
        }
        return executions
                .findById(tx, receipt.executionId())
                .map(existing -> existing.orElseThrow(() -> new IllegalStateException(
                        "receipt points at a missing execution [executionId=" + receipt.executionId() + "]")))
                .flatMap(existing -> renewVisibility(tx, command, existing, now))
                .map(existing ->
                        new CommandOutcome(Replies.accepted(ids.newId(), now, command, existing, false), false));
    }

    /**
     * A same-key same-request replay renews an MCP task's visibility (also after it ended), so the caller can read
     * the original outcome again; the lifetime is still counted from the original creation. Only this path renews:
     * a conflicting retry is rejected before it, and lookups never write.
     */
    private Uni<Execution> renewVisibility(SqlConnection tx, SubmitExecution command, Execution existing, Instant now) {
        Instant renewed = visibility.renewed(existing, command.taskTtlMs(), now);
        if (renewed == null || !renewed.isAfter(existing.visibleUntil())) {
            return Uni.createFrom().item(existing);
        }
        return executions.renewVisibility(tx, existing.id(), renewed).map(found -> found.orElse(existing));
    }

    private Execution newExecution(SubmitExecution command, OperationSpec spec, Instant now) {
        Caller caller = command.caller();
        Instant deadline = lifetime.deadline(spec.name(), now);
        Instant retention = lifetime.retentionAtCreation(deadline);
        return new Execution(
                ids.newId(),
                caller.principal(),
                caller.workspace(),
                caller.orgId(),
                caller.projectId(),
                command.surface(),
                spec.name(),
                spec.version(),
                ExecutionStatus.QUEUED,
                1L,
                1,
                null,
                null,
                null,
                null,
                null,
                null,
                now,
                now,
                deadline,
                retention,
                spec.mutating(),
                null,
                visibility.visibleUntil(command.surface(), command.taskTtlMs(), now, retention),
                null,
                command.surface() == Surface.MCP_2025 ? command.progressToken() : null);
    }
}
