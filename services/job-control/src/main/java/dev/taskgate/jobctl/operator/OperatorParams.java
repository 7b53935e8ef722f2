package dev.taskgate.jobctl.operator;

import dev.taskgate.contracts.ExecutionStatus;

/** Query parameters of the operator API, parsed strictly: anything unexpected is a 400, never a guess. */
public final class OperatorParams {
    /** Page size when none is asked for. */
    public static final int DEFAULT_LIMIT = 20;
    /** Largest page size. */
    public static final int MAX_LIMIT = 100;

    private OperatorParams() {}

    /** The page size for a {@code limit} parameter: default when absent, 400 unless an integer in [1, 100]. */
    public static int limit(String limit) {
        if (limit == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int value = Integer.parseInt(limit);
            if (value >= 1 && value <= MAX_LIMIT) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new OperatorRequestException("limit must be an integer between 1 and " + MAX_LIMIT + ".");
    }

    /** The status filter: none when absent, 400 unless a status wire name. */
    public static ExecutionStatus status(String status) {
        if (status == null) {
            return null;
        }
        try {
            return ExecutionStatus.fromWire(status);
        } catch (IllegalArgumentException e) {
            throw new OperatorRequestException(
                    "status must be one of queued, working, input_required, completed, " + "failed, cancelled.");
        }
    }
}
