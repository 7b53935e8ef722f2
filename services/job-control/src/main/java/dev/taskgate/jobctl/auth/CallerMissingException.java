package dev.taskgate.jobctl.auth;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.JobControlException;

/** A verified call that lacks what the route needs (a principal, a workspace): the calling service's mistake. */
public class CallerMissingException extends JobControlException {
    private static final long serialVersionUID = 1L;

    CallerMissingException(String detail) {
        super(Problem.of("invalid-request", "Invalid request", 400, detail + "."));
    }
}
