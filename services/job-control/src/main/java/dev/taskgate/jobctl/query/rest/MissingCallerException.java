package dev.taskgate.jobctl.query.rest;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.JobControlException;

/** A query without the caller identity headers the frontend must forward. */
public class MissingCallerException extends JobControlException {

    private static final long serialVersionUID = 1L;

    private MissingCallerException(String header) {
        super(Problem.of(
                "invalid-request",
                "Invalid request",
                400,
                "The header " + header + " is required and must not be blank."));
    }

    /** Throws unless both caller headers are present and not blank. */
    public static void requireCaller(String principal, String workspace) {
        if (principal == null || principal.isBlank()) {
            throw new MissingCallerException(ExecutionResource.PRINCIPAL);
        }
        if (workspace == null || workspace.isBlank()) {
            throw new MissingCallerException(ExecutionResource.WORKSPACE);
        }
    }
}
