package dev.taskgate.frontend.problem;

import java.util.OptionalLong;

import dev.taskgate.problem.ApiProblem;
import dev.taskgate.problem.ProblemException;

/** Problems that must look the same wherever they arise. */
public final class Problems {
    /** The one detail every not-found answer carries: unknown, expired, forged and not-yours are indistinguishable. */
    public static final String NOT_FOUND_DETAIL = "No such resource, or it is not visible to you.";

    /** The header naming when a retry may succeed, in whole seconds (RFC 9110 §10.2.3). */
    public static final String RETRY_AFTER = "Retry-After";

    private Problems() {}

    /** The uniform 404. */
    public static ProblemException notFound() {
        return ProblemKind.NOT_FOUND.exception(NOT_FOUND_DETAIL);
    }

    /** A {@code Retry-After} value for this interval: whole seconds, rounded up, at least 1. */
    public static long retryAfterSeconds(java.time.Duration interval) {
        return Math.max(1, (interval.toMillis() + 999) / 1000);
    }

    /** 503 with {@code Retry-After} (whole seconds). */
    public static ProblemException unavailable(String detail, long retryAfterSeconds) {
        return ProblemKind.UNAVAILABLE
                .problem(detail)
                .withHeader("Retry-After", Long.toString(Math.max(1, retryAfterSeconds)))
                .toException();
    }

    /** The {@code Retry-After} seconds a problem carries, if any. */
    public static OptionalLong retryAfterSeconds(ApiProblem problem) {
        String value = problem.headers().get(RETRY_AFTER);
        if (value == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
