package dev.taskgate.jobctl.artifact;

import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.contracts.artifact.ArtifactRules;
import dev.taskgate.contracts.event.ArtifactSaved;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.artifact.db.ArtifactRepository;
import dev.taskgate.jobctl.execution.Execution;

/**
 * Stores artifacts ({@code ArtifactSaved}) inside the report's transaction and reads them for the internal API. An
 * artifact belongs to the workspace of the execution that saved it (never one the worker names), is stored only for
 * the current epoch of a running execution (fencing), and only when its id, hash and size check out against its
 * content: a malformed event is dropped with a warning, as no retry could make it valid.
 */
@ApplicationScoped
public class ArtifactService {

    private static final Logger LOG = Logger.getLogger(ArtifactService.class);

    private final Pool pool;
    private final ArtifactRepository artifacts;
    private final JobControlConfig config;
    private final DbClock clock;

    ArtifactService(Pool pool, ArtifactRepository artifacts, JobControlConfig config, DbClock clock) {
        this.pool = pool;
        this.artifacts = artifacts;
        this.config = config;
        this.clock = clock;
    }

    /**
     * Stores the artifact of {@code event} for {@code execution}; the same id again replaces it (latest wins), so a
     * redelivery writes the same values again.
     *
     * @return always {@code false}: no outbox records are written
     */
    public Uni<Boolean> store(SqlConnection tx, Execution execution, ArtifactSaved event, Instant now) {
        if (!isRunningUnder(execution, event.epoch())) {
            LOG.debugf(
                    "Ignoring ArtifactSaved [executionId=%s artifactId=%s state=%s epoch=%d reportEpoch=%d]",
                    execution.id(), event.artifactId(), execution.state(), execution.epoch(), event.epoch());
            return Uni.createFrom().item(false);
        }
        Optional<byte[]> content = decode(event.contentBase64());
        Optional<String> violation = content.isEmpty()
                ? Optional.of("content is not base64")
                : violation(execution.workspace(), event, content.get());
        if (violation.isPresent()) {
            LOG.warnf(
                    "Dropping an invalid ArtifactSaved [executionId=%s messageId=%s artifactId=%s]: %s",
                    execution.id(), event.messageId(), event.artifactId(), violation.get());
            return Uni.createFrom().item(false);
        }
        StoredArtifact artifact = new StoredArtifact(
                event.artifactId(),
                execution.orgId(),
                execution.projectId(),
                Optional.ofNullable(event.key()),
                event.name(),
                event.mediaType(),
                event.sha256(),
                event.size(),
                content.get(),
                execution.id(),
                now,
                now,
                now.plus(config.artifacts().retention()));
        return artifacts.save(tx, artifact).map(rows -> {
            LOG.debugf(
                    "Artifact stored [executionId=%s artifactId=%s size=%d key=%s]",
                    execution.id(), event.artifactId(), event.size(), event.key());
            return false;
        });
    }

    /** The unexpired artifact {@code id} of {@code workspace} ({@code <org>/<project>}). */
    public Uni<Optional<StoredArtifact>> findById(String workspace, String id) {
        if (ArtifactRules.workspaceViolation(workspace).isPresent()
                || id == null
                || !id.matches(ArtifactIds.ID_PATTERN)) {
            return Uni.createFrom().item(Optional.empty());
        }
        String[] parts = workspace.split("/", 2);
        return pool.withConnection(c -> artifacts.findById(c, parts[0], parts[1], id, clock.now()));
    }

    /** The unexpired artifact retained under {@code key} in {@code workspace}. */
    public Uni<Optional<StoredArtifact>> findByKey(String workspace, String key) {
        if (ArtifactRules.workspaceViolation(workspace).isPresent()
                || ArtifactRules.keyViolation(key).isPresent()) {
            return Uni.createFrom().item(Optional.empty());
        }
        String[] parts = workspace.split("/", 2);
        return pool.withConnection(c -> artifacts.findByKey(c, parts[0], parts[1], key, clock.now()));
    }

    private static boolean isRunningUnder(Execution execution, long epoch) {
        return epoch == execution.epoch()
                && (execution.state() == ExecutionStatus.WORKING
                        || execution.state() == ExecutionStatus.INPUT_REQUIRED);
    }

    private static Optional<byte[]> decode(String base64) {
        try {
            return Optional.of(Base64.getDecoder().decode(base64));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Why the event cannot be stored as sent, if it cannot. */
    static Optional<String> violation(String workspace, ArtifactSaved event, byte[] content) {
        Optional<String> key = Optional.ofNullable(event.key());
        return ArtifactRules.nameViolation(event.name())
                .or(() -> ArtifactRules.mediaTypeViolation(event.mediaType()))
                .or(() -> ArtifactRules.sizeViolation(content.length))
                .or(() -> key.flatMap(ArtifactRules::keyViolation))
                .or(() -> content.length == event.size()
                        ? Optional.empty()
                        : Optional.of("size " + event.size() + " but " + content.length + " content bytes"))
                .or(() -> ArtifactIds.sha256Hex(content).equals(event.sha256())
                        ? Optional.empty()
                        : Optional.of("sha256 does not match the content"))
                .or(() -> ArtifactIds.id(workspace, key, event.sha256(), event.name())
                                .equals(event.artifactId())
                        ? Optional.empty()
                        : Optional.of("artifact id does not match workspace " + workspace));
    }
}
