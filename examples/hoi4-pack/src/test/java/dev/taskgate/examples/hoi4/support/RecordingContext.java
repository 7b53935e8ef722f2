package dev.taskgate.examples.hoi4.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.operation.api.ArtifactLink;
import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolLogLevel;
import dev.taskgate.operation.api.WorkspaceReader;

/** A {@link ToolContext} that records progress and saved artifacts, and requests a stop when told to. */
public final class RecordingContext implements ToolContext {
    /** One progress report. */
    public record Progress(double progress, Double total, String message) {}

    /** One saved artifact. */
    public record Artifact(String name, String mediaType, byte[] content) {}

    private final Optional<WorkspaceReader> workspace;
    private final List<Progress> progress = new ArrayList<>();
    private final Map<String, Artifact> artifacts = new LinkedHashMap<>();
    private int stopAfterReports = -1;
    private RuntimeException saveFailure;

    private RecordingContext(Optional<WorkspaceReader> workspace) {
        this.workspace = workspace;
    }

    public static RecordingContext over(WorkspaceReader workspace) {
        return new RecordingContext(Optional.of(workspace));
    }

    public static RecordingContext withoutWorkspace() {
        return new RecordingContext(Optional.empty());
    }

    /** From the moment {@code reports} progress reports have been made, a stop is requested. */
    public RecordingContext stopAfter(int reports) {
        stopAfterReports = reports;
        return this;
    }

    /** Every {@link #saveArtifact} throws {@code failure}. */
    public RecordingContext failSavingWith(RuntimeException failure) {
        saveFailure = failure;
        return this;
    }

    public List<Progress> progress() {
        return List.copyOf(progress);
    }

    public Map<String, Artifact> artifacts() {
        return Map.copyOf(artifacts);
    }

    @Override
    public void progress(double value, Double total, String message) {
        progress.add(new Progress(value, total, message));
    }

    @Override
    public void log(ToolLogLevel level, String message) {}

    @Override
    public boolean isStopRequested() {
        return stopAfterReports >= 0 && progress.size() >= stopAfterReports;
    }

    @Override
    public boolean awaitStop(Duration timeout) {
        return isStopRequested();
    }

    @Override
    public Map<String, JsonNode> requestInput(Map<String, JsonNode> requests) {
        throw new UnsupportedOperationException("the pack's tools ask for no input");
    }

    @Override
    public Optional<WorkspaceReader> workspace() {
        return workspace;
    }

    @Override
    public ArtifactLink saveArtifact(String name, String mediaType, byte[] content) {
        if (saveFailure != null) {
            throw saveFailure;
        }
        artifacts.put(name, new Artifact(name, mediaType, content.clone()));
        return new ArtifactLink("http://127.0.0.1:8080/artifacts/" + name, name, mediaType, content.length);
    }
}
