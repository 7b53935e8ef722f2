package dev.taskgate.worker.child.ops.workspace.graph;

/**
 * Bounds of one traversal, so that a huge workspace cannot exhaust the child.
 *
 * @param maxFilesRead     files read at most
 * @param maxBytesRead     bytes read at most (all files together)
 * @param maxNodes         files discovered at most
 * @param checkpointEvery  save a frontier after every this many files read
 * @param maxFrontierChars a frontier longer than this is not saved (it would not fit a Kafka record comfortably)
 */
public record TraversalLimits(
        int maxFilesRead, long maxBytesRead, int maxNodes, int checkpointEvery, int maxFrontierChars) {
    /** The limits the operations use. */
    public static final TraversalLimits DEFAULT =
            new TraversalLimits(10_000, 64L * 1024 * 1024, 20_000, 25, 256 * 1024);

    public TraversalLimits {
        if (maxFilesRead < 1 || maxBytesRead < 1 || maxNodes < 1 || checkpointEvery < 1 || maxFrontierChars < 1) {
            throw new IllegalArgumentException("traversal limits must be positive");
        }
    }
}
