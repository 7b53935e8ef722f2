package dev.taskgate.jobctl.checkpoint;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.checkpoint.FrontierCheckpoint;
import dev.taskgate.contracts.checkpoint.FrontierMac;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.jobctl.Operations;
import dev.taskgate.jobctl.checkpoint.FrontierMacProducer.FrontierKey;
import dev.taskgate.jobctl.checkpoint.db.FrontierCheckpointRepository;
import dev.taskgate.jobctl.execution.Execution;

/**
 * Stores intermediate frontiers ({@code CheckpointSaved}) inside the report's transaction, authenticated with the
 * checkpoint key: only for the current epoch of a running read-only execution (a rewrite is never resumed or
 * replayed) or of an upstream tool (its frontier names the upstream's task, which a replacement follows without invoking
 * the tool again), and only a higher sequence than the stored one. Without a key nothing is stored.
 */
@ApplicationScoped
public class FrontierCheckpointService {

    private static final Logger LOG = Logger.getLogger(FrontierCheckpointService.class);

    private final FrontierCheckpointRepository checkpoints;
    private final FrontierKey key;
    private final Operations operations;

    FrontierCheckpointService(FrontierCheckpointRepository checkpoints, FrontierKey key, Operations operations) {
        this.checkpoints = checkpoints;
        this.key = key;
        this.operations = operations;
    }

    private boolean isUpstreamTool(Execution execution) {
        return operations
                .find(execution.toolName())
                .map(OperationSpec::isUpstream)
                .orElse(false);
    }

    /**
     * Saves the frontier of {@code event} for {@code execution}.
     *
     * @return always {@code false}: no outbox records are written
     */
    public Uni<Boolean> save(SqlConnection tx, Execution execution, CheckpointSaved event, Instant now) {
        if (key.mac().isEmpty()
                || (execution.mutating() && !isUpstreamTool(execution))
                || !ResultCheckpointService.acceptsCheckpoint(execution, event.epoch())) {
            LOG.debugf(
                    "Ignoring CheckpointSaved [executionId=%s sequence=%d state=%s epoch=%d reportEpoch=%d "
                            + "mutating=%s keyed=%s]",
                    execution.id(),
                    event.sequence(),
                    execution.state(),
                    execution.epoch(),
                    event.epoch(),
                    execution.mutating(),
                    key.mac().isPresent());
            return Uni.createFrom().item(false);
        }
        FrontierMac mac = key.mac().get();
        FrontierCheckpoint checkpoint = new FrontierCheckpoint(
                event.sequence(),
                event.revision(),
                event.frontier(),
                mac.mac(execution.id(), event.sequence(), event.revision(), event.frontier()));
        return checkpoints
                .save(tx, execution.id(), event.epoch(), checkpoint, now)
                .map(saved -> {
                    LOG.debugf(
                            "Frontier saved [executionId=%s sequence=%d stored=%s]",
                            execution.id(), event.sequence(), saved);
                    return false;
                });
    }
}
