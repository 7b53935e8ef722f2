package dev.taskgate.jobctl.execution;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;

/** Builds the {@link ExecutionChanged} record appended for every state change. */
public final class LifecycleEvents {

    private LifecycleEvents() {}

    /**
     * The change of {@code execution} to {@code state}: a thin record.
     *
     * @param summary payload-free description, e.g. {@code completed} or {@code failed: owner-lost}
     */
    public static ExecutionChanged changed(
            UUID messageId, Execution execution, ExecutionStatus state, Instant at, String summary) {
        return record(messageId, execution, state, at, summary, null);
    }

    /**
     * The end of a run, carrying the outcome that job-control's outcome read would answer once it commits, so that a
     * frontend waiting for this end needs no read (sealed on its way to the outbox, {@code RecordPayloadMember
     * LIFECYCLE_OUTCOME}). A result longer than {@code maxResultBytes} is not carried, and then nor is the outcome.
     *
     * @param ended  the execution as the terminal change left it (the compare-and-set's returned row)
     * @param result the result the change stored, or {@code null}
     */
    public static ExecutionChanged ended(
            UUID messageId, Execution ended, byte[] result, Instant at, String summary, int maxResultBytes) {
        if (!ended.state().isTerminal()) {
            throw new IllegalArgumentException("not an end: " + ended.state());
        }
        boolean carried = maxResultBytes > 0 && (result == null || result.length <= maxResultBytes);
        JsonNode outcome =
                carried ? Wire.mapper().valueToTree(new StoredOutcome(ended, result).toOutcome(Map.of())) : null;
        return record(messageId, ended, ended.state(), at, summary, outcome);
    }

    private static ExecutionChanged record(
            UUID messageId, Execution execution, ExecutionStatus state, Instant at, String summary, JsonNode outcome) {
        return new ExecutionChanged(
                messageId,
                at,
                execution.id(),
                state,
                execution.createdAt(),
                at,
                summary,
                execution.orgId(),
                execution.projectId(),
                execution.principal(),
                execution.surface(),
                outcome);
    }
}
