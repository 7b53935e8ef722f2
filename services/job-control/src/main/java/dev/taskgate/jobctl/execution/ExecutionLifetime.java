package dev.taskgate.jobctl.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * When an execution must have ended and how long it stays readable afterwards (issue 5 item 3).
 *
 * <ul>
 * <li>Deadline: creation + the operation's deadline ({@code jobctl.operation-deadlines}) or the default
 * ({@code jobctl.execution.default-deadline}); never more than {@link #MAX_DEADLINE}.</li>
 * <li>Retention: the end of the lifetime + {@code jobctl.execution.retention-after-lifetime}. At creation the
 * lifetime's latest possible end is the deadline; once the execution reaches a terminal state, its terminal time
 * is the end and retention counts from there.</li>
 * </ul>
 * The constructor validates the configuration; messages name the offending configuration key.
 */
public final class ExecutionLifetime {

    /** No execution may run longer than this, whatever the configuration says. */
    public static final Duration MAX_DEADLINE = Duration.ofHours(24);

    private final Duration defaultDeadline;
    private final Map<String, Duration> operationDeadlines;
    private final Duration retention;

    /**
     * @param defaultDeadline    {@code jobctl.execution.default-deadline}
     * @param operationDeadlines {@code jobctl.operation-deadlines}
     * @param retention          {@code jobctl.execution.retention-after-lifetime}
     * @param knownOperation     whether an operation name is registered
     * @throws IllegalArgumentException when a value is out of range or names an unknown operation
     */
    public ExecutionLifetime(
            Duration defaultDeadline,
            Map<String, Duration> operationDeadlines,
            Duration retention,
            Predicate<String> knownOperation) {
        requirePositive(defaultDeadline, "jobctl.execution.default-deadline");
        if (defaultDeadline.compareTo(MAX_DEADLINE) > 0) {
            throw new IllegalArgumentException(
                    "jobctl.execution.default-deadline is " + defaultDeadline + "; the maximum is " + MAX_DEADLINE);
        }
        requirePositive(retention, "jobctl.execution.retention-after-lifetime");
        operationDeadlines.forEach((operation, deadline) -> {
            String key = "jobctl.operation-deadlines.\"" + operation + "\"";
            if (!knownOperation.test(operation)) {
                throw new IllegalArgumentException(key + " names an operation that is not registered");
            }
            requirePositive(deadline, key);
            if (deadline.compareTo(defaultDeadline) > 0) {
                throw new IllegalArgumentException(key + " is " + deadline + "; an operation may only shorten "
                        + "jobctl.execution.default-deadline (" + defaultDeadline + ")");
            }
        });
        this.defaultDeadline = defaultDeadline;
        this.operationDeadlines = Map.copyOf(operationDeadlines);
        this.retention = retention;
    }

    /** The deadline of an execution of {@code operation} created at {@code createdAt}. */
    public Instant deadline(String operation, Instant createdAt) {
        return createdAt.plus(operationDeadlines.getOrDefault(operation, defaultDeadline));
    }

    /** Retention as recorded at creation: counted from the deadline, the latest the lifetime can end. */
    public Instant retentionAtCreation(Instant deadline) {
        return deadline.plus(retention);
    }

    /** Retention once the execution reached a terminal state at {@code endedAt}. */
    public Instant retentionAfterEnd(Instant endedAt) {
        return endedAt.plus(retention);
    }

    private static void requirePositive(Duration value, String key) {
        Objects.requireNonNull(value, key);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " must be positive, is " + value);
        }
    }
}
