package dev.taskgate.jobctl;

import dev.taskgate.contracts.Problem;

/** A failure with a known, caller-safe problem; the HTTP edge maps it to {@code application/problem+json}. */
public abstract class JobControlException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Problem problem;

    protected JobControlException(Problem problem) {
        super(problem.detail());
        this.problem = problem;
    }

    /** The problem to answer with. */
    public Problem problem() {
        return problem;
    }
}
