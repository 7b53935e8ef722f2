package dev.taskgate.frontend.command;

/**
 * job-control did not answer a command in time, or the broker did not acknowledge it. The command's fate is
 * unknown: a retry with the same receipt key is safe.
 */
public final class CommandTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommandTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
