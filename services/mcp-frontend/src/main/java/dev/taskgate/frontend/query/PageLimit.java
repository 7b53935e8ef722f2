package dev.taskgate.frontend.query;

import dev.taskgate.frontend.problem.ProblemKind;

/** Page sizes of the owner list: what job-control accepts, checked at the edge so a bad one never leaves. */
public final class PageLimit {
    /** Page size when none is asked for. */
    public static final int DEFAULT = 20;
    /** Largest page size. */
    public static final int MAX = 100;

    private PageLimit() {}

    /** The page size for a {@code limit} query parameter: default when absent, 400 unless an integer in [1, 100]. */
    public static int parse(String limit) {
        if (limit == null) {
            return DEFAULT;
        }
        try {
            int value = Integer.parseInt(limit);
            if (value >= 1 && value <= MAX) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ProblemKind.INVALID_REQUEST.exception("limit must be an integer between 1 and " + MAX + ".");
    }
}
