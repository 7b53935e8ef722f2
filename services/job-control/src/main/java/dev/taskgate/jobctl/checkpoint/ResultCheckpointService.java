package dev.taskgate.jobctl.checkpoint;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.ResultStaged;
import dev.taskgate.jobctl.checkpoint.db.ResultCheckpointRepository;
import dev.taskgate.jobctl.execution.Execution;

/**
 * Stores result checkpoints ({@code ResultStaged}) inside the report's transaction: only for the execution's current
 * epoch while it is running, so a late report of a lost owner can never leave a result a later settlement would
 * publish. The state does not change; {@code Finished} still ends the execution.
 */
@ApplicationScoped
public class ResultCheckpointService {

    private static final Logger LOG = Logger.getLogger(ResultCheckpointService.class);

    private final ResultCheckpointRepository checkpoints;

    ResultCheckpointService(ResultCheckpointRepository checkpoints) {
        this.checkpoints = checkpoints;
    }

    /**
     * Stages the result of {@code event} for {@code execution} (locked by nothing: the epoch check and the primary
     * key make a redelivery or a stale epoch harmless).
     *
     * @return always {@code false}: no outbox records are written
     */
    public Uni<Boolean> stage(SqlConnection tx, Execution execution, ResultStaged event, Instant now) {
        if (!acceptsCheckpoint(execution, event.epoch())) {
            LOG.debugf(
                    "Ignoring ResultStaged [executionId=%s messageId=%s state=%s epoch=%d reportEpoch=%d]",
                    execution.id(), event.messageId(), execution.state(), execution.epoch(), event.epoch());
            return Uni.createFrom().item(false);
        }
        return checkpoints
                .stage(tx, execution.id(), event.epoch(), event.result().getBytes(StandardCharsets.UTF_8), now)
                .map(inserted -> {
                    LOG.debugf(
                            "Result staged [executionId=%s epoch=%d new=%s]", execution.id(), event.epoch(), inserted);
                    return false;
                });
    }

    /** A checkpoint counts only for the current epoch of a running execution. */
    static boolean acceptsCheckpoint(Execution execution, long epoch) {
        return epoch == execution.epoch()
                && (execution.state() == ExecutionStatus.WORKING
                        || execution.state() == ExecutionStatus.INPUT_REQUIRED);
    }
}
