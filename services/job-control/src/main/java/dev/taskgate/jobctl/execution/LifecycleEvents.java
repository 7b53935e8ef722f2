package dev.taskgate.jobctl.execution;

import java.time.Instant;
import java.util.UUID;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;

/** Builds the thin {@link ExecutionChanged} record appended for every state change. */
public final class LifecycleEvents {

    private LifecycleEvents() {}

    /**
     * The change of {@code execution} to {@code state}.
     *
     * @param summary payload-free description, e.g. {@code completed} or {@code failed: owner-lost}
     */
    public static ExecutionChanged changed(
            UUID messageId, Execution execution, ExecutionStatus state, Instant at, String summary) {
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
                execution.surface());
    }
}
