package dev.taskgate.worker.child.journal;

import java.util.Arrays;
import java.util.Objects;

/**
 * One planned file change: the content read while planning and the content to write.
 *
 * @param path   relative to the operation's root, '/'-separated, normalised
 * @param before the content the plan was computed on (its pre-image)
 * @param after  the content the plan writes (its post-image); differs from {@code before}
 */
public record FileChange(String path, byte[] before, byte[] after) {

    public FileChange {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        if (Arrays.equals(before, after)) {
            throw new IllegalArgumentException("an unchanged file is not part of a plan: " + path);
        }
        before = before.clone();
        after = after.clone();
    }

    /** The pre-image hash. */
    public String preImageHash() {
        return ContentHash.of(before);
    }

    /** The post-image hash. */
    public String postImageHash() {
        return ContentHash.of(after);
    }

    @Override
    public byte[] before() {
        return before.clone();
    }

    @Override
    public byte[] after() {
        return after.clone();
    }
}
