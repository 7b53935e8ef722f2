package dev.taskgate.problem;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import dev.taskgate.contracts.Problem;

/**
 * An RFC 9457 problem ready to be answered: the standard members, extension members (e.g. {@code errors})
 * and response headers (e.g. {@code Retry-After}). Thrown as {@link ProblemException}.
 *
 * @param problem    type, title, status, detail
 * @param extensions extra members of the body, in order
 * @param headers    response headers to add
 */
public record ApiProblem(Problem problem, Map<String, Object> extensions, Map<String, String> headers) {

    public ApiProblem {
        Objects.requireNonNull(problem, "problem");
        extensions = Map.copyOf(extensions);
        headers = Map.copyOf(headers);
    }

    /** A problem of the type with this detail, without extensions or headers. */
    public static ApiProblem of(ProblemType type, String detail) {
        return new ApiProblem(Problem.of(type.slug(), type.title(), type.status(), detail), Map.of(), Map.of());
    }

    /** A problem received from another service, passed on as is. */
    public static ApiProblem from(Problem problem) {
        return new ApiProblem(problem, Map.of(), Map.of());
    }

    /** The HTTP status. */
    public int status() {
        return problem.status();
    }

    /** This problem with one more body member. */
    public ApiProblem with(String member, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(extensions);
        copy.put(member, value);
        return new ApiProblem(problem, copy, headers);
    }

    /** This problem with one more response header. */
    public ApiProblem withHeader(String name, String value) {
        Map<String, String> copy = new LinkedHashMap<>(headers);
        copy.put(name, value);
        return new ApiProblem(problem, extensions, copy);
    }

    /** Throwable form, for returning the problem from deep inside a request. */
    public ProblemException toException() {
        return new ProblemException(this);
    }
}
