package dev.taskgate.worker.execution;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.checkpoint.FrontierCheckpoint;
import dev.taskgate.contracts.checkpoint.FrontierMac;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.worker.WorkerConfig;

/**
 * Decides whether a replacement may offer its operation the frontier in {@code RunOperation.checkpoint}: only when
 * its MAC verifies under the checkpoint key for this execution, and never on a reconciliation run. The check happens
 * in the parent, so the key never reaches a child process; the child only checks the source revision.
 */
@ApplicationScoped
public class FrontierVerifier {
    private static final Logger LOG = Logger.getLogger(FrontierVerifier.class);

    private final Optional<FrontierMac> mac;

    @Inject
    FrontierVerifier(WorkerConfig config) {
        try {
            this.mac = config.checkpointKey().filter(k -> !k.isBlank()).map(FrontierMac::fromBase64);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "taskgate.worker.checkpoint-key (TASKGATE_CHECKPOINT_KEY) is invalid: " + e.getMessage(), e);
        }
    }

    /** The {@code resume} the child gets ({@code {sequence, revision, frontier}}), or empty: start afresh. */
    public Optional<JsonNode> resumeOf(RunOperation record) {
        FrontierCheckpoint checkpoint = record.checkpoint();
        if (checkpoint == null || record.journal() != null) {
            return Optional.empty();
        }
        if (mac.isEmpty() || !mac.get().verifies(record.executionId(), checkpoint)) {
            LOG.warnf(
                    "Frontier not verified; the replacement starts afresh [executionId=%s epoch=%d sequence=%d "
                            + "keyed=%s]",
                    record.executionId(), record.epoch(), checkpoint.sequence(), mac.isPresent());
            return Optional.empty();
        }
        return Optional.of(JsonNodeFactory.instance
                .objectNode()
                .put("sequence", checkpoint.sequence())
                .put("revision", checkpoint.revision())
                .put("frontier", checkpoint.frontier()));
    }

    /** The sequence the run numbers its checkpoints on from: the latest one's, verified or not (it only orders). */
    public long sequenceBase(RunOperation record) {
        return record.checkpoint() == null ? 0 : record.checkpoint().sequence();
    }
}
