package dev.taskgate.jobctl.query;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.input.OutstandingInput;
import dev.taskgate.jobctl.input.db.InputRequestRepository;
import dev.taskgate.jobctl.operator.ExecutionCursor;
import dev.taskgate.jobctl.operator.OperatorParams;
import dev.taskgate.jobctl.operator.OperatorRequestException;

/**
 * Read side for the internal query API: answers with contract records and only for the owning principal in the
 * owning workspace. Unknown, foreign, malformed, past-retention and purged ids all fail with the same
 * {@link ExecutionNotFoundException}.
 */
@ApplicationScoped
public class ExecutionQueries {

    private final Pool pool;
    private final ExecutionRepository executions;
    private final InputRequestRepository inputs;
    private final DbClock clock;

    ExecutionQueries(Pool pool, ExecutionRepository executions, InputRequestRepository inputs, DbClock clock) {
        this.pool = pool;
        this.executions = executions;
        this.inputs = inputs;
        this.clock = clock;
    }

    /** The safe status of an execution the caller owns. */
    public Uni<ExecutionSnapshot> getSnapshot(String executionId, String principal, String workspace) {
        Optional<UUID> id = parseId(executionId);
        if (id.isEmpty()) {
            return Uni.createFrom().failure(new ExecutionNotFoundException());
        }
        Instant now = clock.now();
        return executions
                .findById(pool, id.get())
                .map(found -> found.filter(e -> e.isOwnedBy(principal, workspace) && e.isVisibleToOwnerAt(now))
                        .orElseThrow(ExecutionNotFoundException::new))
                .flatMap(execution -> withInputRequests(execution).map(execution::toSnapshot));
    }

    /** The status and, once terminal, the exact result or the error of an execution the caller owns. */
    public Uni<ExecutionOutcome> getOutcome(String executionId, String principal, String workspace) {
        Optional<UUID> id = parseId(executionId);
        if (id.isEmpty()) {
            return Uni.createFrom().failure(new ExecutionNotFoundException());
        }
        Instant now = clock.now();
        return executions
                .findWithResult(pool, id.get(), e -> e.isOwnedBy(principal, workspace) && e.isVisibleToOwnerAt(now))
                .map(found -> found.orElseThrow(ExecutionNotFoundException::new))
                .flatMap(stored -> withInputRequests(stored.execution()).map(stored::toOutcome));
    }

    /**
     * One page of the caller's own visible executions in the workspace, newest first, optionally only those
     * created through {@code surface} (a wire name). A bad {@code limit}, {@code cursor} or {@code surface} is a 400.
     */
    public Uni<ExecutionPage> list(String principal, String workspace, String surface, String limit, String cursor) {
        Surface only;
        int size;
        ExecutionCursor after;
        try {
            only = surface(surface);
            size = OperatorParams.limit(limit);
            after = ExecutionCursor.decode(cursor);
        } catch (OperatorRequestException e) {
            return Uni.createFrom().failure(e);
        }
        return executions
                .listVisibleOwned(
                        pool,
                        principal,
                        workspace,
                        only,
                        after == null ? null : after.createdAt(),
                        after == null ? null : after.id(),
                        clock.now(),
                        size + 1)
                .map(found -> {
                    List<Execution> page = found.size() > size ? found.subList(0, size) : found;
                    String next = null;
                    if (found.size() > size) {
                        Execution last = page.get(page.size() - 1);
                        next = new ExecutionCursor(last.createdAt(), last.id()).encode();
                    }
                    return new ExecutionPage(
                            page.stream().map(Execution::toSnapshot).toList(), next);
                });
    }

    private static Surface surface(String surface) {
        if (surface == null) {
            return null;
        }
        try {
            return Surface.fromWire(surface);
        } catch (IllegalArgumentException e) {
            throw new OperatorRequestException("surface must be one of rest, mcp-2025, mcp-2026.");
        }
    }

    /** The outstanding requests while {@code input_required}; no query otherwise. */
    private Uni<Map<String, JsonNode>> withInputRequests(Execution execution) {
        if (execution.state() != ExecutionStatus.INPUT_REQUIRED) {
            return Uni.createFrom().item(Map.of());
        }
        return inputs.outstanding(pool, execution.id(), execution.epoch()).map(OutstandingInput::byKey);
    }

    /** Only the canonical 36-character spelling is an id; anything else cannot name an execution. */
    private static Optional<UUID> parseId(String raw) {
        if (raw == null || raw.length() != 36) {
            return Optional.empty();
        }
        try {
            UUID id = UUID.fromString(raw);
            return id.toString().equals(raw.toLowerCase(Locale.ROOT)) ? Optional.of(id) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
