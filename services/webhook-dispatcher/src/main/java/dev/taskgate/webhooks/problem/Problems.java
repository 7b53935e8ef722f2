package dev.taskgate.webhooks.problem;

import java.util.List;
import java.util.Map;

import dev.taskgate.problem.ProblemException;

/** Problems that must look the same wherever they arise. */
public final class Problems {
    /** The one detail every not-found answer carries: unknown, deleted and not-yours are indistinguishable. */
    public static final String NOT_FOUND_DETAIL = "No such resource, or it is not visible to you.";

    private Problems() {}

    /** The uniform 404. */
    public static ProblemException notFound() {
        return ProblemKind.NOT_FOUND.exception(NOT_FOUND_DETAIL);
    }

    /** 400 {@code invalid-request} naming the offending member by JSON pointer. */
    public static ProblemException invalid(String pointer, String message) {
        return ProblemKind.INVALID_REQUEST
                .problem(message)
                .with("errors", List.of(Map.of("pointer", pointer, "message", message)))
                .toException();
    }
}
