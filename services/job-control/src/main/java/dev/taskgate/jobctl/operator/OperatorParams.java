package dev.taskgate.jobctl.operator;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.jobctl.execution.ExecutionFilter;

/** Query parameters of the operator API, parsed strictly: anything unexpected is a 400, never a guess. */
public final class OperatorParams {
    /** Page size when none is asked for. */
    public static final int DEFAULT_LIMIT = 20;
    /** Largest page size. */
    public static final int MAX_LIMIT = 100;
    /** Longest tool name or principal a filter may name. */
    static final int MAX_NAME = 256;

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

    /**
     * The listing filter of the operator's execution list: status as {@link #status}; {@code tool} and
     * {@code principal} exact names (1–256 characters, no control characters); {@code created_from} (inclusive) and
     * {@code created_before} (exclusive) RFC 3339 instants with an offset, the first before the second.
     */
    public static ExecutionFilter filter(
            String status, String tool, String principal, String createdFrom, String createdBefore) {
        Instant from = instant("created_from", createdFrom);
        Instant before = instant("created_before", createdBefore);
        if (from != null && before != null && !from.isBefore(before)) {
            throw new OperatorRequestException("created_from must be before created_before.");
        }
        return new ExecutionFilter(status(status), name("tool", tool), name("principal", principal), from, before);
    }

    private static String name(String parameter, String value) {
        if (value == null) {
            return null;
        }
        if (value.isEmpty() || value.length() > MAX_NAME || value.chars().anyMatch(Character::isISOControl)) {
            throw new OperatorRequestException(
                    parameter + " must be 1 to " + MAX_NAME + " characters without control characters.");
        }
        return value;
    }

    private static Instant instant(String parameter, String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw new OperatorRequestException(
                    parameter + " must be an RFC 3339 date and time with an offset, e.g. 2026-12-04T10:00:00Z.");
        }
    }
}
