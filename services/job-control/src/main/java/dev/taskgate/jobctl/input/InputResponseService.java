package dev.taskgate.jobctl.input;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.InputProvided;
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
import dev.taskgate.jobctl.input.db.InputRequestRepository;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;

/**
 * Handles {@link ProvideInput} in one transaction (tasks extension §6.3). For the owner: each response under a key
 * that is outstanding for the current epoch is recorded (sealed) and forwarded to the worker as
 * {@link InputProvided} through the outbox; once no key is outstanding the execution returns to {@code working}.
 * Keys that are not outstanding (never issued, answered, of an earlier epoch) are acknowledged and ignored, and so
 * is any response for a terminal execution: the caller cannot tell a late answer from an early one, and neither
 * changes anything. Not the owner (or unknown, or past retention) → {@code Rejected} 404, like every other command
 * ({@link OwnedExecutionLock}); the owner of a mutating operation's execution (as submitted or by the tool's current
 * policy, {@link WriteScope}) without {@code tools:write} → {@code Rejected} 403.
 */
@ApplicationScoped
public class InputResponseService {

    /** The status message of an execution whose input arrived. */
    public static final String INPUT_RECEIVED = "Input received; continuing.";

    private static final Logger LOG = Logger.getLogger(InputResponseService.class);

    private final Pool pool;
    private final ExecutionRepository executions;
    private final InputRequestRepository inputs;
    private final OutboxWriter outbox;
    private final JobControlConfig config;
    private final DbClock clock;
    private final IdSource ids;
    private final OwnedExecutionLock lock;
    private final WriteScope writeScope;

    InputResponseService(
            Pool pool,
            ExecutionRepository executions,
            InputRequestRepository inputs,
            OutboxWriter outbox,
            JobControlConfig config,
            DbClock clock,
            IdSource ids,
            OwnedExecutionLock lock,
            WriteScope writeScope) {
        this.lock = lock;
        this.writeScope = writeScope;
        this.pool = pool;
        this.executions = executions;
        this.inputs = inputs;
        this.outbox = outbox;
        this.config = config;
        this.clock = clock;
        this.ids = ids;
    }

    /** Handles one command; the outcome's reply is sent after the transaction committed. */
    public Uni<CommandOutcome> provide(ProvideInput command) {
        Instant now = clock.now();
        return Transactions.within(
                pool,
                tx -> lock.lockOrNotFound(tx, command, command.executionId(), command.caller(), now, execution -> {
                    // after the ownership check, so that only the owner learns the tool is mutating
                    if (writeScope.isRequiredFor(execution) && !command.grants(Scopes.TOOLS_WRITE)) {
                        return Uni.createFrom()
                                .item(new CommandOutcome(
                                        Replies.rejected(
                                                ids.newId(), now, command, Problems.writeScopeRequiredToAnswer()),
                                        false));
                    }
                    if (execution.state().isTerminal()) {
                        LOG.debugf(
                                "Input for a terminal execution ignored [executionId=%s state=%s]",
                                execution.id(), execution.state());
                        return Uni.createFrom()
                                .item(new CommandOutcome(accepted(command, execution, List.of(), now), false));
                    }
                    return inputs.outstanding(tx, execution.id(), execution.epoch())
                            .flatMap(outstanding -> answer(tx, command, execution, outstanding, now));
                }));
    }

    private Uni<CommandOutcome> answer(
            SqlConnection tx,
            ProvideInput command,
            Execution execution,
            List<OutstandingInput> outstanding,
            Instant now) {
        List<OutstandingInput> answered = new ArrayList<>();
        List<OutstandingInput> remaining = new ArrayList<>();
        for (OutstandingInput input : outstanding) {
            (command.responses().containsKey(input.requestKey()) ? answered : remaining).add(input);
        }
        if (answered.isEmpty()) {
            LOG.debugf(
                    "Input with no outstanding key ignored [executionId=%s keys=%d]",
                    execution.id(), command.responses().size());
            return Uni.createFrom().item(new CommandOutcome(accepted(command, execution, remaining, now), false));
        }
        List<OutboxMessage> messages = new ArrayList<>();
        Uni<Void> recorded = Uni.createFrom().voidItem();
        for (OutstandingInput input : answered) {
            InputProvided provided = new InputProvided(
                    ids.newId(),
                    now,
                    execution.id(),
                    execution.epoch(),
                    input.childKey(),
                    command.responses().get(input.requestKey()));
            messages.add(OutboxMessage.of(
                    config.topics().control(),
                    execution.id().toString(),
                    provided.messageId(),
                    InputProvided.TYPE,
                    provided));
            recorded = recorded.flatMap(
                    v -> inputs.answer(tx, execution.id(), input.requestKey(), provided.response(), now)
                            .replaceWithVoid());
        }
        for (OutboxMessage answer : messages) {
            if (!outbox.fits(answer)) {
                // a row the relay could never publish would stop it: refused before anything is written
                int size = outbox.sealedSize(answer);
                LOG.infof(
                        "Input refused: its record would not fit one record [executionId=%s recordBytes=%d "
                                + "maxBytes=%d]",
                        execution.id(), size, outbox.maxSealedPayloadBytes());
                return Uni.createFrom()
                        .item(new CommandOutcome(
                                Replies.rejected(
                                        ids.newId(),
                                        now,
                                        command,
                                        Problems.responseTooLarge(size, outbox.maxSealedPayloadBytes())),
                                false));
            }
        }
        boolean resumes = remaining.isEmpty() && execution.state() == ExecutionStatus.INPUT_REQUIRED;
        if (resumes) {
            ExecutionChanged changed = LifecycleEvents.changed(
                    ids.newId(), execution, ExecutionStatus.WORKING, now, ExecutionStatus.WORKING.wireName());
            messages.add(OutboxMessage.of(
                    config.topics().lifecycle(),
                    execution.id().toString(),
                    changed.messageId(),
                    ExecutionChanged.TYPE,
                    changed));
        }
        Uni<Void> stateChanged = resumes
                ? executions
                        .compareAndSet(
                                tx,
                                StateChange.of(execution, ExecutionStatus.WORKING, now)
                                        .withStatusMessage(INPUT_RECEIVED))
                        .replaceWithVoid()
                : Uni.createFrom().voidItem();
        return recorded.flatMap(v -> stateChanged)
                .flatMap(v -> outbox.append(tx, messages))
                .flatMap(v -> executions.findById(tx, execution.id()))
                .map(after -> new CommandOutcome(accepted(command, after.orElseThrow(), remaining, now), true));
    }

    private Accepted accepted(
            ProvideInput command, Execution execution, List<OutstandingInput> remaining, Instant now) {
        return new Accepted(
                ids.newId(),
                now,
                command.messageId(),
                command.replyTo(),
                execution.id(),
                false,
                execution.toSnapshot(OutstandingInput.byKey(remaining)));
    }
}
