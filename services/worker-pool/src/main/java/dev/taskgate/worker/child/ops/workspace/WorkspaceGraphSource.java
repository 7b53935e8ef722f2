package dev.taskgate.worker.child.ops.workspace;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.regex.Pattern;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

/** The run's registered {@link Workspace} as a {@link GraphSource}; the file list is taken once per run. */
public final class WorkspaceGraphSource implements GraphSource {
    private final Workspace workspace;
    private final WorkspaceFiles files;
    private WorkspaceFiles.Listing listing;

    public WorkspaceGraphSource(Workspace workspace) {
        this.workspace = workspace;
        this.files = WorkspaceFiles.of(workspace);
    }

    /** The provider the registered operations use: the workspace the worker handed this run. */
    public static GraphSourceProvider provider() {
        return WorkspaceGraphSource::open;
    }

    static GraphSource open(OperationContext context) {
        return new WorkspaceGraphSource(context.workspace()
                .orElseThrow(() -> new IllegalStateException(
                        "this run has no workspace: the operation's catalog entry must say \"workspace\": true")));
    }

    @Override
    public String workspaceId() {
        return workspace.id();
    }

    @Override
    public List<String> roots() {
        return workspace.roots().stream().map(WorkspaceRoot::name).toList();
    }

    @Override
    public List<String> files() {
        return listing().files();
    }

    @Override
    public int filesSkipped() {
        return listing().skipped();
    }

    @Override
    public boolean listingTruncated() {
        return listing().truncated();
    }

    private synchronized WorkspaceFiles.Listing listing() {
        if (listing == null) {
            listing = files.scan();
        }
        return listing;
    }

    @Override
    public Optional<byte[]> read(String path) {
        try {
            return files.read(path);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Optional.empty(); // grown over the size limit, or unreadable since it was listed
        }
    }

    @Override
    public List<String> referencePatterns() {
        return workspace.referencePatterns().stream().map(Pattern::pattern).toList();
    }

    @Override
    public String revision(SortedMap<String, byte[]> read) {
        return WorkspaceFiles.revision(read);
    }
}
