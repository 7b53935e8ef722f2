package dev.taskgate.jobctl.command;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;

/**
 * The first step of a caller's command on an existing execution (cancel, provide input): lock the execution's row
 * until the end of the command's transaction, or answer not-found. An execution the caller does not own, or may no
 * longer see ({@link Execution#isVisibleToOwnerAt}: purged, past retention, past an MCP task's visibility), is
 * answered exactly like an unknown one, so the reply never tells a foreign execution from a missing one.
 */
@ApplicationScoped
public class OwnedExecutionLock {

    private final ExecutionRepository executions;
    private final IdSource ids;

    OwnedExecutionLock(ExecutionRepository executions, IdSource ids) {
        this.executions = executions;
        this.ids = ids;
    }

    /**
     * Locks execution {@code executionId} for {@code caller} and continues with {@code then}; answers
     * {@code command} with {@link Problems#notFound()} (and no outbox rows) when the caller may not act on it.
     */
    public Uni<CommandOutcome> lockOrNotFound(
            SqlConnection tx,
            ExecutionCommand command,
            UUID executionId,
            Caller caller,
            Instant now,
            Function<Execution, Uni<CommandOutcome>> then) {
        return executions.findByIdForUpdate(tx, executionId).flatMap(found -> {
            Optional<Execution> owned =
                    found.filter(e -> e.isOwnedBy(caller.principal(), caller.workspace()) && e.isVisibleToOwnerAt(now));
            if (owned.isEmpty()) {
                return Uni.createFrom()
                        .item(new CommandOutcome(
                                Replies.rejected(ids.newId(), now, command, Problems.notFound()), false));
            }
            return then.apply(owned.get());
        });
    }
}
