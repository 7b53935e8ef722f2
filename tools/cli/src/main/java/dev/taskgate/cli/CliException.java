package dev.taskgate.cli;

/** A failure the command reports in one message and ends with its exit code ({@link ExitCodes}). */
public class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    /** A failure with the message shown to the user and the process's exit code. */
    public CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    /** A failure with the message shown to the user, the process's exit code and its cause. */
    public CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** The process's exit code. */
    public int exitCode() {
        return exitCode;
    }
}
