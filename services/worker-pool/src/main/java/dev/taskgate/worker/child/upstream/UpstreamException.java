package dev.taskgate.worker.child.upstream;

/**
 * The upstream call failed; the message names the upstream and its tool, says what happened and holds no
 * credential. The child reports it as an {@code upstream_failed} error.
 */
public final class UpstreamException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int httpStatus;

    UpstreamException(String message) {
        this(message, 0);
    }

    UpstreamException(String message, int httpStatus) {
        super(message);
        this.httpStatus = httpStatus;
    }

    /** The HTTP status the upstream refused a request with, or 0 when the failure was not such a refusal. */
    int httpStatus() {
        return httpStatus;
    }
}
