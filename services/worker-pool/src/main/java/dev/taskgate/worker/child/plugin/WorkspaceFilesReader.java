package dev.taskgate.worker.child.plugin;

import java.util.List;
import java.util.Optional;

import dev.taskgate.operation.api.WorkspaceReader;
import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/** A plug-in's read-only view of the run's workspace, with the checks of {@link WorkspaceFiles}. */
final class WorkspaceFilesReader implements WorkspaceReader {
    private final WorkspaceFiles files;

    WorkspaceFilesReader(Workspace workspace) {
        this.files = WorkspaceFiles.of(workspace);
    }

    @Override
    public List<String> files() {
        return files.list();
    }

    @Override
    public Optional<byte[]> read(String workspacePath) {
        return files.read(workspacePath);
    }
}
