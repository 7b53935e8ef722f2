package dev.taskgate.worker.child.upstream;

/**
 * The upstream call failed; the message names the upstream and its tool, says what happened and holds no
 * credential. The child reports it as an {@code upstream_unavailable} error when the upstream could not be reached
 * ({@link #unreachable()}), else as {@code upstream_failed}.
 */
public final class UpstreamException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int httpStatus;
    private final boolean unreachable;

    UpstreamException(String message) {
        this(message, 0, false);
    }

    UpstreamException(String message, int httpStatus, boolean unreachable) {
        super(message);
        this.httpStatus = httpStatus;
        this.unreachable = unreachable;
    }

    /** The HTTP status the upstream refused a request with, or 0 when the failure was not such a refusal. */
    int httpStatus() {
        return httpStatus;
    }

    /**
     * Whether the upstream could not be reached at all: no connection, a connection that failed while the request was
     * sent, or a gateway's 502/503/504 in front of it. Not a timeout, an error answer or a broken answer: those come
     * from an upstream that is there. job-control's circuit breaker counts these (docs/gateway.md).
     */
    public boolean unreachable() {
        return unreachable;
    }
}
