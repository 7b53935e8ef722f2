package dev.taskgate.worker.upstream;

/** An upstream tool cannot be called from this worker now; the message says why and is safe to show. */
public class UpstreamRefusedException extends Exception {
    private static final long serialVersionUID = 1L;

    public UpstreamRefusedException(String message) {
        super(message);
    }
}
