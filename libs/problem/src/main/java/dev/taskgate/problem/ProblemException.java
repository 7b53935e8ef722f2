package dev.taskgate.problem;

/** Ends a request with the carried problem; mapped to an {@code application/problem+json} response. */
public final class ProblemException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ApiProblem problem;

    /** Wraps the problem; the detail doubles as the exception message. */
    public ProblemException(ApiProblem problem) {
        super(problem.problem().type() + ": " + problem.problem().detail(), null, false, false);
        this.problem = problem;
    }

    /** The problem to answer. */
    public ApiProblem problem() {
        return problem;
    }
}
