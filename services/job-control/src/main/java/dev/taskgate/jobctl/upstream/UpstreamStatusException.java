package dev.taskgate.jobctl.upstream;

/** The upstream answered a request with an HTTP status other than 200; the message is safe to show. */
public class UpstreamStatusException extends UpstreamException {
    private static final long serialVersionUID = 1L;

    private final int status;

    UpstreamStatusException(String message, int status) {
        super(message);
        this.status = status;
    }

    /** The HTTP status it answered. */
    public int status() {
        return status;
    }
}
