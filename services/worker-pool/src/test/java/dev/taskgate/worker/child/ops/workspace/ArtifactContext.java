package dev.taskgate.worker.child.ops.workspace;

import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationLogLevel;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;
import dev.taskgate.worker.child.artifact.ArtifactRef;
import dev.taskgate.worker.child.journal.ContentHash;

/**
 * A {@link RecordingContext} plus an in-memory artifact store shared between runs (like a workspace's artifacts),
 * for in-process operation tests.
 */
final class ArtifactContext implements OperationContext {
    /** One saved artifact. */
    record Saved(String name, String mediaType, byte[] content, Optional<String> key) {}

    final RecordingContext recording;
    final Map<String, byte[]> byKey;
    final List<Saved> saved = new CopyOnWriteArrayList<>();

    ArtifactContext(Map<String, byte[]> store) {
        this(new RecordingContext(), store);
    }

    ArtifactContext(RecordingContext recording, Map<String, byte[]> store) {
        this.recording = recording;
        this.byKey = store;
    }

    static Map<String, byte[]> newStore() {
        return new ConcurrentHashMap<>();
    }

    @Override
    public ArtifactRef saveArtifact(String name, String mediaType, byte[] content, Optional<String> key) {
        if (content.length > 512 * 1024) {
            throw new IllegalArgumentException("an artifact holds at most 524288 bytes");
        }
        saved.add(new Saved(name, mediaType, content, key));
        key.ifPresent(k -> byKey.put(k, content));
        String sha = ContentHash.of(content).substring("sha256:".length());
        String id = "a-" + HexFormat.of().formatHex(sha.getBytes(), 0, 6);
        return new ArtifactRef(id, name, mediaType, sha, content.length, "/v1/orgs/o/projects/p/artifacts/" + id);
    }

    @Override
    public Optional<byte[]> loadArtifact(String key) {
        return Optional.ofNullable(byKey.get(key));
    }

    @Override
    public void progress(double progress, Double total, String message) {
        recording.progress(progress, total, message);
    }

    @Override
    public void log(OperationLogLevel level, String logger, JsonNode data) {
        recording.log(level, logger, data);
    }

    @Override
    public boolean isStopRequested() {
        return recording.isStopRequested();
    }

    @Override
    public boolean awaitStop(Duration timeout) throws InterruptedException {
        return recording.awaitStop(timeout);
    }

    @Override
    public Map<String, JsonNode> requestInput(Map<String, JsonNode> requests)
            throws OperationStoppedException, InterruptedException {
        return recording.requestInput(requests);
    }

    @Override
    public void stageResult(String callToolResult) {
        recording.stageResult(callToolResult);
    }

    @Override
    public Optional<FrontierResume> resumeFrom() {
        return recording.resumeFrom();
    }

    @Override
    public void saveCheckpoint(String revision, String frontier) {
        recording.saveCheckpoint(revision, frontier);
    }
}
