package dev.taskgate.jobctl.upstream;

/** An upstream could not be asked, or answered something Taskgate cannot use; the message is safe to show. */
public class UpstreamException extends Exception {
    private static final long serialVersionUID = 1L;

    public UpstreamException(String message) {
        super(message);
    }
}
