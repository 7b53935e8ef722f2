package dev.taskgate.cli;

/**
 * The exit codes of every {@code taskgate} command (docs/cli.md, "Exit codes"). Scripts branch on them, so a code
 * never changes its meaning.
 */
public final class ExitCodes {
    /** Done; for {@code call}, {@code watch} and {@code result}: the execution completed without {@code isError}. */
    public static final int OK = 0;
    /** The execution failed, or completed with a result whose {@code isError} is true. */
    public static final int FAILED = 1;
    /** The command line is wrong (unknown option, missing argument, unreadable {@code --input}). */
    public static final int USAGE = 2;
    /** The execution was cancelled. */
    public static final int CANCELLED = 3;
    /** The API refused the request (a 4xx problem: not found, invalid input, missing scope, ...). */
    public static final int REFUSED = 4;
    /** The API could not be reached, timed out or answered 5xx (including 429 and 503: try again later). */
    public static final int UNAVAILABLE = 5;
    /** The profile is wrong or no token could be obtained. */
    public static final int CONFIG = 6;
    /** The execution waits for input and this run may not ask for it (not interactive, no --input-response). */
    public static final int INPUT_REQUIRED = 7;
    /** {@code result} of an execution that has not ended yet. */
    public static final int NOT_FINISHED = 8;
    /** Interrupted (Ctrl-C) while waiting; the execution goes on and can be watched again. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
