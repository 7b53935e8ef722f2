package dev.taskgate.frontend.mcp.progress;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;

/**
 * The outcome a terminal lifecycle record carried (docs/kafka.md "The outcome on a terminal lifecycle record"), with
 * the owner the record names. It stands in for job-control's outcome read only where that read would have answered
 * it: for the execution's owner, in its workspace, while the execution is visible to its owner.
 *
 * @param outcome   what job-control's outcome read would have answered when the record was written
 * @param principal the owner the record names, or {@code null} (an older producer: never readable)
 * @param orgId     the record's organization
 * @param projectId the record's project
 */
public record CarriedOutcome(ExecutionOutcome outcome, String principal, String orgId, String projectId) {

    public CarriedOutcome {
        Objects.requireNonNull(outcome, "outcome");
    }

    /**
     * The outcome, when job-control's read for {@code caller} at {@code now} would answer it: the caller owns the
     * execution in that workspace, and neither its retention nor, for an MCP task, its visibility has ended (a read
     * then answers "unknown"). Empty otherwise: the caller reads from job-control, which decides.
     */
    public Optional<ExecutionOutcome> readableBy(Caller caller, Instant now) {
        ExecutionSnapshot execution = outcome.execution();
        boolean owned = caller.principal().equals(principal)
                && caller.orgId().equals(orgId)
                && caller.projectId().equals(projectId);
        boolean visible = (execution.retentionExpiresAt() == null
                        || execution.retentionExpiresAt().isAfter(now))
                && (execution.visibleUntil() == null || execution.visibleUntil().isAfter(now));
        return owned && visible ? Optional.of(outcome) : Optional.empty();
    }
}
