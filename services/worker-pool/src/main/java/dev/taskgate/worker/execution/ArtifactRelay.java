package dev.taskgate.worker.execution;

import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.contracts.artifact.ArtifactRules;
import dev.taskgate.contracts.event.ArtifactSaved;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.artifact.JobControlArtifacts;
import dev.taskgate.worker.child.artifact.ArtifactChannel;
import dev.taskgate.worker.pool.ChildProcess;
import dev.taskgate.worker.report.WorkerEventPublisher;
import dev.taskgate.worker.report.WorkerEvents;

/**
 * The parent side of a child's artifact requests, on the child's reader thread: a save is checked, given its
 * deterministic id in the run's workspace, published as {@code ArtifactSaved} and acknowledged by the broker before
 * the child hears back (so it is on the execution's partition ahead of the run's result); a load asks job-control.
 * Every request gets exactly one answer.
 */
@ApplicationScoped
public class ArtifactRelay {
    private static final Logger LOG = Logger.getLogger(ArtifactRelay.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final String NO_WORKSPACE = "no_workspace";
    static final String UNAVAILABLE = "unavailable";

    private final WorkerEventPublisher publisher;
    private final WorkerEvents events;
    private final JobControlArtifacts jobControl;
    private final WorkerConfig config;

    @Inject
    ArtifactRelay(
            WorkerEventPublisher publisher, WorkerEvents events, JobControlArtifacts jobControl, WorkerConfig config) {
        this.publisher = publisher;
        this.events = events;
        this.jobControl = jobControl;
        this.config = config;
    }

    /** Handles an {@code artifact-save} line of the run {@code key} in {@code workspace} (null: none). */
    void save(ChildProcess child, ExecutionKey key, String workspace, JsonNode request) {
        long requestId = request.get("requestId").asLong();
        if (workspace == null || ArtifactRules.workspaceViolation(workspace).isPresent()) {
            child.artifactFailed(
                    requestId,
                    NO_WORKSPACE,
                    "this execution has no workspace to save artifacts in (the dispatch named none)");
            return;
        }
        String name = request.get("name").asText();
        String mediaType = request.get("mediaType").asText();
        Optional<String> artifactKey = Optional.ofNullable(request.get("key")).map(JsonNode::asText);
        String base64 = request.get("contentBase64").asText();
        byte[] content;
        try {
            content = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            child.artifactFailed(requestId, ArtifactChannel.INVALID_ARGUMENT, "the content is not base64");
            return;
        }
        Optional<String> violation = ArtifactRules.nameViolation(name)
                .or(() -> ArtifactRules.mediaTypeViolation(mediaType))
                .or(() -> ArtifactRules.sizeViolation(content.length))
                .or(() -> artifactKey.flatMap(ArtifactRules::keyViolation));
        if (violation.isPresent()) {
            child.artifactFailed(requestId, ArtifactChannel.INVALID_ARGUMENT, violation.get());
            return;
        }
        String sha256 = ArtifactIds.sha256Hex(content);
        String id = ArtifactIds.id(workspace, artifactKey, sha256, name);
        ArtifactSaved event = events.artifactSaved(
                key, id, name, mediaType, sha256, content.length, artifactKey.orElse(null), base64);
        try {
            publisher.publish(event).get(config.publishTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.artifactFailed(requestId, UNAVAILABLE, "the worker is shutting down; the artifact was not saved");
            return;
        } catch (ExecutionException | TimeoutException e) {
            LOG.errorf(e, "Artifact not delivered [%s artifactId=%s]", key, id);
            child.artifactFailed(requestId, UNAVAILABLE, "the artifact could not be handed to job-control: " + e);
            return;
        }
        LOG.debugf("Artifact saved [%s artifactId=%s size=%d key=%s]", key, id, content.length, artifactKey);
        String path = ArtifactIds.path(workspace, id);
        child.artifactSaved(
                requestId,
                MAPPER.createObjectNode()
                        .put("id", id)
                        .put("name", name)
                        .put("mediaType", mediaType)
                        .put("sha256", sha256)
                        .put("size", content.length)
                        .put("path", path)
                        .put("uri", uriOf(path)));
    }

    /** {@code path} under the configured public base URL, or {@code path} itself. */
    private String uriOf(String path) {
        return config.artifacts()
                .publicBaseUrl()
                .map(base -> base.toString().replaceAll("/+$", "") + path)
                .orElse(path);
    }

    /** Handles an {@code artifact-load} line of a run in {@code workspace} (null: none). */
    void load(ChildProcess child, ExecutionKey key, String workspace, JsonNode request) {
        long requestId = request.get("requestId").asLong();
        if (workspace == null || ArtifactRules.workspaceViolation(workspace).isPresent()) {
            child.artifactFailed(
                    requestId,
                    NO_WORKSPACE,
                    "this execution has no workspace to load artifacts from (the dispatch named none)");
            return;
        }
        String artifactKey = request.get("key").asText();
        Optional<String> violation = ArtifactRules.keyViolation(artifactKey);
        if (violation.isPresent()) {
            child.artifactFailed(requestId, ArtifactChannel.INVALID_ARGUMENT, violation.get());
            return;
        }
        Optional<ArtifactContent> found;
        try {
            found = jobControl.findByKey(workspace, artifactKey);
        } catch (IllegalStateException e) {
            LOG.warnf("Artifact not loaded [%s key=%s]: %s", key, artifactKey, e.getMessage());
            child.artifactFailed(requestId, UNAVAILABLE, "the artifact could not be loaded: " + e.getMessage());
            return;
        }
        child.artifactLoaded(
                requestId, found.map(ArtifactContent::contentBase64).orElse(null));
    }
}
