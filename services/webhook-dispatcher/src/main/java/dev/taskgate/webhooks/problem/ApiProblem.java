package dev.taskgate.webhooks.problem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.taskgate.contracts.Problem;

/**
 * An RFC 9457 problem ready to be answered: the standard members, extension members and response headers.
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

    /** A problem of the kind with this detail. */
    public static ApiProblem of(ProblemKind kind, String detail) {
        return new ApiProblem(Problem.of(kind.slug(), kind.title(), kind.status(), detail), Map.of(), Map.of());
    }

    /** 400 {@code invalid-request} naming the offending member by JSON pointer. */
    public static ProblemException invalid(String pointer, String message) {
        return ProblemKind.INVALID_REQUEST
                .problem(message)
                .with("errors", List.of(Map.of("pointer", pointer, "message", message)))
                .toException();
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

    /** Throwable form. */
    public ProblemException toException() {
        return new ProblemException(this);
    }
}
