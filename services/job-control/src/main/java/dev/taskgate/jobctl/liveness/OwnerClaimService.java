package dev.taskgate.jobctl.liveness;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;

/**
 * Grants an execution's epoch to the worker instance that claims it first (docs/gateway.md "Calls that must happen
 * once"): the owner of an epoch is the first instance that claims it or reports {@code Started} for it.
 */
@ApplicationScoped
public class OwnerClaimService {
    private static final Logger LOG = Logger.getLogger(OwnerClaimService.class);

    private final Pool pool;
    private final ExecutionRepository executions;

    OwnerClaimService(Pool pool, ExecutionRepository executions) {
        this.pool = pool;
        this.executions = executions;
    }

    /** Whether {@code workerId} owns {@code epoch} of the execution now (claimed here or before). */
    public Uni<Boolean> claim(UUID executionId, long epoch, String workerId) {
        return Transactions.within(pool, tx -> executions.claimOwner(tx, executionId, epoch, workerId))
                .invoke(granted -> LOG.infof(
                        "Owner claim %s [executionId=%s epoch=%d workerId=%s]",
                        granted ? "granted" : "refused", executionId, epoch, workerId));
    }
}
