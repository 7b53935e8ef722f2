package dev.taskgate.jobctl.operator;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.checkpoint.db.CheckpointMarks;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.ExecutionFilter;
import dev.taskgate.jobctl.execution.StoredOutcome;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.operator.audit.AuditLog;
import dev.taskgate.jobctl.query.ExecutionNotFoundException;
import dev.taskgate.jobctl.recovery.db.RecoveryRepository;

/**
 * The operator API's reads: every execution of the route's project, whoever owns it, as safe status, and one
 * execution's payloads. Each call is recorded in the audit log before its answer leaves; an unresolvable handle is
 * recorded as {@code not_found} and answered with the uniform not-found.
 */
@ApplicationScoped
public class OperatorQueries {

    private final Pool pool;
    private final ExecutionRepository executions;
    private final OperatorHandles handles;
    private final AuditLog audit;
    private final DbClock clock;
    private final RecoveryRepository recoveries;
    private final CheckpointMarks checkpoints;

    OperatorQueries(
            Pool pool,
            ExecutionRepository executions,
            OperatorHandles handles,
            AuditLog audit,
            DbClock clock,
            RecoveryRepository recoveries,
            CheckpointMarks checkpoints) {
        this.pool = pool;
        this.checkpoints = checkpoints;
        this.recoveries = recoveries;
        this.executions = executions;
        this.handles = handles;
        this.audit = audit;
        this.clock = clock;
    }

    /** One page of the project's visible executions that pass the filter's parameters, newest first. */
    public Uni<OperatorExecutionPage> list(OperatorCall call, ListParameters parameters) {
        ExecutionFilter filter;
        int size;
        ExecutionCursor after;
        try {
            filter = OperatorParams.filter(
                    parameters.status(),
                    parameters.tool(),
                    parameters.principal(),
                    parameters.createdFrom(),
                    parameters.createdBefore());
            size = OperatorParams.limit(parameters.limit());
            after = ExecutionCursor.decode(parameters.cursor());
        } catch (OperatorRequestException e) {
            return audit.record(call, OperatorActions.LIST, null, null, AuditEntry.INVALID_REQUEST)
                    .flatMap(id -> Uni.createFrom().<OperatorExecutionPage>failure(e));
        }
        Instant now = clock.now();
        return audit.record(call, OperatorActions.LIST, null, null, AuditEntry.OK)
                .flatMap(id -> executions.listVisibleInWorkspace(
                        pool,
                        call.workspace(),
                        filter,
                        after == null ? null : after.createdAt(),
                        after == null ? null : after.id(),
                        now,
                        size + 1))
                .map(found -> {
                    List<Execution> page = found.size() > size ? found.subList(0, size) : found;
                    String next = null;
                    if (found.size() > size) {
                        Execution last = page.get(page.size() - 1);
                        next = new ExecutionCursor(last.createdAt(), last.id()).encode();
                    }
                    return new OperatorExecutionPage(
                            page.stream().map(handles::view).toList(), next);
                });
    }

    /**
     * The query parameters of the execution list, as received (parsed and checked by {@link #list}).
     *
     * @param status        a state's wire name
     * @param tool          a tool's exact name
     * @param principal     an owner's exact principal
     * @param createdFrom   RFC 3339, inclusive
     * @param createdBefore RFC 3339, exclusive
     * @param limit         the page size
     * @param cursor        where the previous page ended
     */
    public record ListParameters(
            String status,
            String tool,
            String principal,
            String createdFrom,
            String createdBefore,
            String limit,
            String cursor) {}

    /**
     * The safe status of the execution the handle names, with every settlement of a lost owner and the checkpoints
     * held for it (without their content).
     */
    public Uni<OperatorExecution> get(OperatorCall call, String handle) {
        return resolve(call, OperatorActions.GET, handle)
                .flatMap(e -> audit.record(call, OperatorActions.GET, handle, e.id(), AuditEntry.OK)
                        .flatMap(id -> recoveries.find(pool, e.id()))
                        .flatMap(settled -> checkpoints
                                .find(pool, e.id())
                                .map(held ->
                                        handles.view(e).withRecoveries(settled).withCheckpoints(held))));
    }

    /**
     * The input and, once terminal, the result or error of the execution the handle names. The entry is written
     * before the payloads are opened, so an unreadable payload (retired key) is still on record.
     */
    public Uni<OperatorPayload> payload(OperatorCall call, String handle) {
        return resolve(call, OperatorActions.PAYLOAD, handle)
                .flatMap(e -> audit.record(call, OperatorActions.PAYLOAD, handle, e.id(), AuditEntry.OK)
                        .flatMap(id -> executions.findInput(pool, e.id()))
                        .flatMap(input -> executions
                                .findWithResult(pool, e.id(), x -> true)
                                .map(stored -> payload(e, input, stored))));
    }

    private OperatorPayload payload(Execution e, Optional<byte[]> input, Optional<StoredOutcome> stored) {
        Execution current = stored.map(StoredOutcome::execution).orElse(e);
        String result = current.state() == ExecutionStatus.COMPLETED
                        && stored.isPresent()
                        && stored.get().result() != null
                ? new String(stored.get().result(), StandardCharsets.UTF_8)
                : null;
        ExecutionOutcome.ExecutionError error = current.state() == ExecutionStatus.FAILED
                ? new ExecutionOutcome.ExecutionError(current.errorCode(), current.errorMessage())
                : null;
        return new OperatorPayload(
                handles.view(current),
                input.map(bytes -> new String(bytes, StandardCharsets.UTF_8)).orElse(null),
                result,
                error,
                current.statusMessage());
    }

    private Uni<Execution> resolve(OperatorCall call, String action, String handle) {
        return handles.resolve(pool, handle, call.workspace(), clock.now(), false)
                .flatMap(found -> found.isPresent()
                        ? Uni.createFrom().item(found.get())
                        : audit.record(call, action, handle, null, AuditEntry.NOT_FOUND)
                                .flatMap(id -> Uni.createFrom().<Execution>failure(new ExecutionNotFoundException())));
    }
}
