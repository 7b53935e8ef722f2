package dev.taskgate.jobctl.operator;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.JobControlException;

/** An operator request with an invalid parameter (limit, cursor, status filter, audit entry). */
public class OperatorRequestException extends JobControlException {

    private static final long serialVersionUID = 1L;

    /** A 400 {@code invalid-request} with this detail. */
    public OperatorRequestException(String detail) {
        super(Problem.of("invalid-request", "Invalid request", 400, detail));
    }
}
