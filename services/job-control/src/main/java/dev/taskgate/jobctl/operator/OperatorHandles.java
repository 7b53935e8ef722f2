package dev.taskgate.jobctl.operator;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;

import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;

/**
 * Resolves the public handle an operator presents to the execution it names, and mints the owner's handle for
 * listings. An operator is not the owner, so the handle is checked against the owner found through the id it
 * claims: same workspace as the route, still visible, minted for the execution's own surface, and a MAC made for
 * the owner's principal and workspace. Anything else (forged, tampered, another project's, expired, an internal
 * id) resolves to nothing.
 */
@ApplicationScoped
public class OperatorHandles {

    private final ExecutionHandles handles;
    private final ExecutionRepository executions;

    OperatorHandles(ExecutionHandles handles, ExecutionRepository executions) {
        this.handles = handles;
        this.executions = executions;
    }

    /** The execution the handle names for an operator of {@code workspace}, locked when {@code forUpdate}. */
    public Uni<Optional<Execution>> resolve(
            SqlClient client, String handle, String workspace, Instant now, boolean forUpdate) {
        Optional<ExecutionHandles.Claimed> claimed = ExecutionHandles.parse(handle);
        if (claimed.isEmpty()) {
            return Uni.createFrom().item(Optional.empty());
        }
        UUID id = claimed.get().executionId();
        return (forUpdate ? executions.findByIdForUpdate(client, id) : executions.findById(client, id))
                .map(found -> found.filter(e -> e.workspace().equals(workspace)
                        && e.isVisibleAt(now)
                        && e.surface() == claimed.get().surface()
                        && handles.verify(handle, e.surface(), e.principal(), e.workspace())
                                .isPresent()));
    }

    /** The operator's view of an execution, under the handle its owner sees. */
    public OperatorExecution view(Execution e) {
        return new OperatorExecution(
                handles.mint(e.id(), e.surface(), e.principal(), e.workspace()),
                e.principal(),
                e.toolName(),
                e.toolVersion(),
                e.state(),
                e.surface(),
                e.createdAt(),
                e.updatedAt(),
                e.deadlineAt(),
                e.retentionExpiresAt(),
                e.progress(),
                e.total(),
                e.cancelRequestedAt() != null,
                e.attempt(),
                null,
                null,
                null);
    }
}
