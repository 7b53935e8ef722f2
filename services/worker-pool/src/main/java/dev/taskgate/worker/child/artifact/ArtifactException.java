package dev.taskgate.worker.child.artifact;

/**
 * The worker could not save or load an artifact (no workspace for this execution, job-control unreachable, the
 * event not acknowledged). Invalid arguments are {@link IllegalArgumentException}s instead.
 */
public class ArtifactException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ArtifactException(String message) {
        super(message);
    }
}
