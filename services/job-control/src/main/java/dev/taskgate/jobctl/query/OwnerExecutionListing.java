package dev.taskgate.jobctl.query;

import java.time.Clock;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.session.OwnerExecutionPage;
import dev.taskgate.jobctl.JobControlException;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.operator.ExecutionCursor;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

/**
 * The caller's own visible executions of one surface, newest first, a page at a time: the 2025-era
 * {@code tasks/list} (only the requestor's tasks, MCP 2025-11-25 tasks §6.3). Snapshots come without input
 * requests (a list is a summary).
 */
@ApplicationScoped
public class OwnerExecutionListing {
    /** Largest page. */
    public static final int MAX_LIMIT = 100;

    private final Pool pool;
    private final ExecutionRepository executions;
    private final Clock clock;

    OwnerExecutionListing(Pool pool, ExecutionRepository executions, Clock clock) {
        this.pool = pool;
        this.executions = executions;
        this.clock = clock;
    }

    /** One page; a 400 for an unknown surface, a limit outside [1, 100] or a cursor this API did not return. */
    public Uni<OwnerExecutionPage> page(String surfaceName, String principal, String workspace, String cursor,
            int limit) {
        Surface surface;
        try {
            surface = Surface.fromWire(surfaceName);
        } catch (IllegalArgumentException e) {
            throw invalid("Unknown surface.");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw invalid("limit must be between 1 and " + MAX_LIMIT + ".");
        }
        ExecutionCursor after = ExecutionCursor.decode(cursor);
        return executions.listVisibleOfOwner(pool, principal, workspace, surface,
                after == null ? null : after.createdAt(), after == null ? null : after.id(), clock.instant(),
                limit + 1)
                .map(found -> {
                    List<Execution> page = found.size() > limit ? found.subList(0, limit) : found;
                    String next = null;
                    if (found.size() > limit) {
                        Execution last = page.get(page.size() - 1);
                        next = new ExecutionCursor(last.createdAt(), last.id()).encode();
                    }
                    List<ExecutionSnapshot> items = page.stream().map(Execution::toSnapshot).toList();
                    return new OwnerExecutionPage(items, next);
                });
    }

    private static JobControlException invalid(String detail) {
        return new ListingRequestException(Problem.of("invalid-request", "Invalid request", 400, detail));
    }

    /** A listing request with an invalid parameter. */
    static final class ListingRequestException extends JobControlException {
        private static final long serialVersionUID = 1L;

        ListingRequestException(Problem problem) {
            super(problem);
        }
    }
}
