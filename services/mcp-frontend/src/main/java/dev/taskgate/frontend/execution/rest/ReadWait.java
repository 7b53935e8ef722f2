package dev.taskgate.frontend.execution.rest;

import dev.taskgate.frontend.mcp.progress.SettledOutcomes;
import dev.taskgate.frontend.problem.ProblemKind;

/** The {@code wait_ms} query parameter of an execution's reads: how long the read may wait for it to settle. */
final class ReadWait {
    static final String PARAMETER = "wait_ms";
    static final String DESCRIPTION = "Wait at most this many milliseconds (0-" + SettledOutcomes.MAX_WAIT_MS
            + ", default 0) for the execution to end or ask for input, and answer as soon as it does: one request "
            + "instead of a poll loop";

    private ReadWait() {}

    /**
     * 0 when absent (an empty value reaches here as absent); 400 unless a decimal integer in
     * [0, {@link SettledOutcomes#MAX_WAIT_MS}].
     */
    static int parse(String waitMs) {
        if (waitMs == null) {
            return 0;
        }
        if (!waitMs.isEmpty() && waitMs.length() <= 5 && waitMs.chars().allMatch(c -> c >= '0' && c <= '9')) {
            int value = Integer.parseInt(waitMs);
            if (value <= SettledOutcomes.MAX_WAIT_MS) {
                return value;
            }
        }
        throw ProblemKind.INVALID_REQUEST.exception(
                PARAMETER + " must be an integer between 0 and " + SettledOutcomes.MAX_WAIT_MS + ".");
    }
}
