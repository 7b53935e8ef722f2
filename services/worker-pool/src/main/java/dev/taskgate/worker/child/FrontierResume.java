package dev.taskgate.worker.child;

import java.util.Objects;

/**
 * The latest frontier a lost owner saved, handed to a replacement after the worker checked its MAC. The operation
 * continues from it only if its source still has {@code revision}; otherwise it starts afresh and never mixes the
 * two.
 *
 * @param sequence the checkpoint's sequence
 * @param revision the source revision the frontier was computed on
 * @param frontier the operation's own JSON text, exactly as it saved it
 */
public record FrontierResume(long sequence, String revision, String frontier) {

    public FrontierResume {
        Objects.requireNonNull(revision, "revision");
        Objects.requireNonNull(frontier, "frontier");
    }
}
