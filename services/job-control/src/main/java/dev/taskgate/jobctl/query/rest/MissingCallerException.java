package dev.taskgate.jobctl.query.rest;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.JobControlException;

/** A query without the caller identity headers the frontend must forward. */
public class MissingCallerException extends JobControlException {

    private static final long serialVersionUID = 1L;

    MissingCallerException(String header) {
        super(Problem.of(
                "invalid-request",
                "Invalid request",
                400,
                "The header " + header + " is required and must not be blank."));
    }
}
