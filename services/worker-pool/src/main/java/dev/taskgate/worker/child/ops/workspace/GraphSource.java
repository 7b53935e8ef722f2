package dev.taskgate.worker.child.ops.workspace;

import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The workspace as the graph operations see it: its files, their contents, its reference patterns and its revision
 * function. One instance per run.
 */
public interface GraphSource {

    /** The workspace id (part of the graph identity). */
    String workspaceId();

    /** The root names, in the order references are resolved against them. */
    List<String> roots();

    /** Every file, sorted, as {@code <root-name>/<rel/path>}. */
    List<String> files();

    /** The content of a listed file; empty if it vanished or cannot be read. */
    Optional<byte[]> read(String path);

    /** The workspace's reference patterns: regexes whose first capture group is the referenced path. */
    List<String> referencePatterns();

    /** Files seen but not listed (over the size limit, links leaving their root): references to them dangle. */
    default int filesSkipped() {
        return 0;
    }

    /** Whether the listing stopped at its limit, so that {@link #files()} is not every file. */
    default boolean listingTruncated() {
        return false;
    }

    /** The revision of exactly these files ({@code sha256:...}). */
    String revision(SortedMap<String, byte[]> files);
}
