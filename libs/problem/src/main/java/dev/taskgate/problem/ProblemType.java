package dev.taskgate.problem;

/**
 * One entry of a service's catalogue of problem types. Each public API keeps its catalogue as an enum
 * ({@code ProblemKind}) implementing this interface, so that every problem it answers is one of a closed, documented
 * set; the type URI is {@link dev.taskgate.contracts.Problem#TYPE_BASE} followed by the slug.
 */
public interface ProblemType {

    /** The last segment of the type URI. */
    String slug();

    /** The stable summary of the type. */
    String title();

    /** The HTTP status. */
    int status();

    /** A problem of this type. */
    default ApiProblem problem(String detail) {
        return ApiProblem.of(this, detail);
    }

    /** A throwable problem of this type. */
    default ProblemException exception(String detail) {
        return problem(detail).toException();
    }
}
