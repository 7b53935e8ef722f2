package dev.taskgate.worker.child;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/**
 * The workspace files a staged result was computed on (docs/worker-pool.md, "Checkpoints and the journal"): a digest
 * of the listing the operation saw, if it listed the workspace, and the content hash of every file it read. A
 * replacement after an owner loss publishes the staged result only if {@link #unchangedIn} still holds.
 *
 * @param listing       {@link #listingDigest} of the files the operation listed, or {@code null} when it never
 *                      listed the workspace (then added or removed files do not matter to its result)
 * @param contentHashes {@link WorkspaceFiles#contentHash} of every file read, by workspace path
 */
public record StagedSources(String listing, SortedMap<String, String> contentHashes) {

    public StagedSources {
        contentHashes = Collections.unmodifiableSortedMap(new TreeMap<>(Objects.requireNonNull(contentHashes)));
    }

    /** The sources of an operation that listed {@code listed} (or {@code null}: never listed) and read these. */
    public static StagedSources of(List<String> listed, SortedMap<String, String> contentHashes) {
        return new StagedSources(listed == null ? null : listingDigest(listed), contentHashes);
    }

    /** The source revision of what was read ({@link WorkspaceFiles#revisionOfHashes}). */
    public String revision() {
        return WorkspaceFiles.revisionOfHashes(contentHashes);
    }

    /**
     * Whether the workspace still lists the same files (when the operation listed it) and every file read still has
     * the same content. A file that cannot be read any more, or a path the workspace refuses now, is a change.
     */
    public boolean unchangedIn(WorkspaceFiles files) {
        if (listing != null && !listing.equals(listingDigest(files.list()))) {
            return false;
        }
        for (Map.Entry<String, String> read : contentHashes.entrySet()) {
            Optional<byte[]> content;
            try {
                content = files.read(read.getKey());
            } catch (IllegalArgumentException | UncheckedIOException e) {
                return false;
            }
            if (content.isEmpty() || !WorkspaceFiles.contentHash(content.get()).equals(read.getValue())) {
                return false;
            }
        }
        return true;
    }

    /** {@code sha256:} over the listed paths, each followed by a line feed, in the listing's (sorted) order. */
    static String listingDigest(List<String> listed) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
        for (String path : listed) {
            digest.update(path.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) '\n');
        }
        return "sha256:" + HexFormat.of().formatHex(digest.digest());
    }
}
