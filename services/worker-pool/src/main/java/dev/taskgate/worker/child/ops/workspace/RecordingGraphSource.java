package dev.taskgate.worker.child.ops.workspace;

import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.taskgate.worker.child.StagedSources;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/**
 * A run's {@link GraphSource} that remembers the listing it handed out and the content hash of every file it read, so
 * that the graph operations can bind their staged result to exactly those sources.
 */
final class RecordingGraphSource implements GraphSource {
    private final GraphSource source;
    private final SortedMap<String, String> read = new TreeMap<>();
    private List<String> listed;

    RecordingGraphSource(GraphSource source) {
        this.source = source;
    }

    /** What the run saw so far. */
    synchronized StagedSources sources() {
        return StagedSources.of(listed, read);
    }

    @Override
    public String workspaceId() {
        return source.workspaceId();
    }

    @Override
    public List<String> roots() {
        return source.roots();
    }

    @Override
    public synchronized List<String> files() {
        List<String> files = source.files();
        listed = files;
        return files;
    }

    @Override
    public Optional<byte[]> read(String path) {
        Optional<byte[]> content = source.read(path);
        content.ifPresent(bytes -> {
            synchronized (this) {
                read.put(path, WorkspaceFiles.contentHash(bytes));
            }
        });
        return content;
    }

    @Override
    public List<String> referencePatterns() {
        return source.referencePatterns();
    }

    @Override
    public int filesSkipped() {
        return source.filesSkipped();
    }

    @Override
    public boolean listingTruncated() {
        return source.listingTruncated();
    }

    @Override
    public String revision(SortedMap<String, byte[]> files) {
        return source.revision(files);
    }
}
