package dev.taskgate.worker.child.plugin;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;

import dev.taskgate.operation.api.ArtifactLink;
import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolLogLevel;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationLogLevel;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.artifact.ArtifactException;
import dev.taskgate.worker.child.artifact.ArtifactRef;

/** The plug-in API's view of a run's {@link OperationContext}: the same channels, without the internal types. */
final class PluginToolContext implements ToolContext {
    private final OperationContext context;

    PluginToolContext(OperationContext context) {
        this.context = context;
    }

    @Override
    public void progress(double progress, Double total, String message) {
        context.progress(progress, total, message);
    }

    @Override
    public void log(ToolLogLevel level, String message) {
        context.log(OperationLogLevel.valueOf(level.name()), null, TextNode.valueOf(message));
    }

    @Override
    public boolean isStopRequested() {
        return context.isStopRequested();
    }

    @Override
    public boolean awaitStop(Duration timeout) throws InterruptedException {
        return context.awaitStop(timeout);
    }

    @Override
    public Map<String, JsonNode> requestInput(Map<String, JsonNode> requests)
            throws ToolStoppedException, InterruptedException {
        try {
            return context.requestInput(requests);
        } catch (OperationStoppedException e) {
            throw new ToolStoppedException(e.getMessage());
        }
    }

    @Override
    public Optional<WorkspaceReader> workspace() {
        return context.workspace().map(WorkspaceFilesReader::new);
    }

    @Override
    public ArtifactLink saveArtifact(String name, String mediaType, byte[] content) {
        ArtifactRef saved;
        try {
            saved = context.saveArtifact(name, mediaType, content, Optional.empty());
        } catch (ArtifactException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return new ArtifactLink(saved.uri(), saved.name(), saved.mediaType(), saved.size());
    }
}
