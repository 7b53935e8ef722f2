package dev.taskgate.cli.http;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/** The API answered an error: a 4xx is {@link ExitCodes#REFUSED}, 429 and 5xx are {@link ExitCodes#UNAVAILABLE}. */
public class ApiException extends CliException {
    private static final long serialVersionUID = 1L;

    private final transient Problem problem;

    /** The error answer {@code problem}. */
    public ApiException(Problem problem) {
        super(exitCodeOf(problem.status()), problem.describe());
        this.problem = problem;
    }

    /** The answer. */
    public Problem problem() {
        return problem;
    }

    static int exitCodeOf(int status) {
        return status == 429 || status >= 500 ? ExitCodes.UNAVAILABLE : ExitCodes.REFUSED;
    }
}
