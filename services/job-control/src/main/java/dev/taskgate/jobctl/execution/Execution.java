package dev.taskgate.jobctl.execution;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

/**
 * One execution row without its payloads (input and result are read only where needed).
 *
 * @param id                 the execution id
 * @param principal          the owner ({@code Caller.principal()})
 * @param workspace          the owner's workspace ({@code Caller.workspace()})
 * @param orgId              the organization
 * @param projectId          the project
 * @param surface            the API generation it was created through
 * @param toolName           the operation
 * @param toolVersion        the operation's catalog version at submission
 * @param state              the current state
 * @param epoch              the current dispatch epoch (fencing token)
 * @param attempt            the current dispatch attempt
 * @param errorCode          why it failed, when failed
 * @param errorMessage       the human-readable failure, when failed
 * @param statusMessage      the latest human-readable status
 * @param progress           the latest progress value
 * @param total              the latest progress total
 * @param cancelRequestedAt  when a caller asked to cancel it
 * @param createdAt          creation time
 * @param updatedAt          last state change
 * @param deadlineAt         when it fails if still not terminal
 * @param retentionExpiresAt when it and its payloads are purged
 * @param mutating           whether its operation changes anything outside Taskgate (decides receipt retention)
 * @param purgedAt           when its payloads were purged after retention, or {@code null}
 * @param visibleUntil       MCP executions: when the task stops being visible to its owner ({@link TaskVisibility});
 *                           {@code null} for REST executions (visible until retention)
 * @param toolError          whether its stored result says {@code isError: true} (recorded with the result;
 *                           {@code null} without one, or for a result stored before the flag existed)
 * @param progressToken      a 2025-11-25 task's MCP {@code progressToken} ({@code SubmitExecution.progressToken});
 *                           {@code null} for every other execution
 */
public record Execution(
        UUID id,
        String principal,
        String workspace,
        String orgId,
        String projectId,
        Surface surface,
        String toolName,
        String toolVersion,
        ExecutionStatus state,
        long epoch,
        int attempt,
        String errorCode,
        String errorMessage,
        String statusMessage,
        Double progress,
        Double total,
        Instant cancelRequestedAt,
        Instant createdAt,
        Instant updatedAt,
        Instant deadlineAt,
        Instant retentionExpiresAt,
        boolean mutating,
        Instant purgedAt,
        Instant visibleUntil,
        Boolean toolError,
        JsonNode progressToken) {

    /** An execution without a progress token. */
    public Execution(
            UUID id,
            String principal,
            String workspace,
            String orgId,
            String projectId,
            Surface surface,
            String toolName,
            String toolVersion,
            ExecutionStatus state,
            long epoch,
            int attempt,
            String errorCode,
            String errorMessage,
            String statusMessage,
            Double progress,
            Double total,
            Instant cancelRequestedAt,
            Instant createdAt,
            Instant updatedAt,
            Instant deadlineAt,
            Instant retentionExpiresAt,
            boolean mutating,
            Instant purgedAt,
            Instant visibleUntil,
            Boolean toolError) {
        this(
                id,
                principal,
                workspace,
                orgId,
                projectId,
                surface,
                toolName,
                toolVersion,
                state,
                epoch,
                attempt,
                errorCode,
                errorMessage,
                statusMessage,
                progress,
                total,
                cancelRequestedAt,
                createdAt,
                updatedAt,
                deadlineAt,
                retentionExpiresAt,
                mutating,
                purgedAt,
                visibleUntil,
                toolError,
                null);
    }

    /** An execution whose result (if any) has no tool-error flag recorded. */
    public Execution(
            UUID id,
            String principal,
            String workspace,
            String orgId,
            String projectId,
            Surface surface,
            String toolName,
            String toolVersion,
            ExecutionStatus state,
            long epoch,
            int attempt,
            String errorCode,
            String errorMessage,
            String statusMessage,
            Double progress,
            Double total,
            Instant cancelRequestedAt,
            Instant createdAt,
            Instant updatedAt,
            Instant deadlineAt,
            Instant retentionExpiresAt,
            boolean mutating,
            Instant purgedAt,
            Instant visibleUntil) {
        this(
                id,
                principal,
                workspace,
                orgId,
                projectId,
                surface,
                toolName,
                toolVersion,
                state,
                epoch,
                attempt,
                errorCode,
                errorMessage,
                statusMessage,
                progress,
                total,
                cancelRequestedAt,
                createdAt,
                updatedAt,
                deadlineAt,
                retentionExpiresAt,
                mutating,
                purgedAt,
                visibleUntil,
                null);
    }

    /** An execution without a visibility end of its own (the shape before the MCP task TTL). */
    public Execution(
            UUID id,
            String principal,
            String workspace,
            String orgId,
            String projectId,
            Surface surface,
            String toolName,
            String toolVersion,
            ExecutionStatus state,
            long epoch,
            int attempt,
            String errorCode,
            String errorMessage,
            String statusMessage,
            Double progress,
            Double total,
            Instant cancelRequestedAt,
            Instant createdAt,
            Instant updatedAt,
            Instant deadlineAt,
            Instant retentionExpiresAt,
            boolean mutating,
            Instant purgedAt) {
        this(
                id,
                principal,
                workspace,
                orgId,
                projectId,
                surface,
                toolName,
                toolVersion,
                state,
                epoch,
                attempt,
                errorCode,
                errorMessage,
                statusMessage,
                progress,
                total,
                cancelRequestedAt,
                createdAt,
                updatedAt,
                deadlineAt,
                retentionExpiresAt,
                mutating,
                purgedAt,
                null);
    }

    /** Whether the caller identified by principal and workspace owns this execution. */
    public boolean isOwnedBy(String callerPrincipal, String callerWorkspace) {
        return principal.equals(callerPrincipal) && workspace.equals(callerWorkspace);
    }

    /**
     * Whether callers may still see it at {@code now}: not purged and not past retention. Past retention it is
     * reported exactly like an unknown execution, also before the retention sweeper has purged it.
     */
    public boolean isVisibleAt(Instant now) {
        return purgedAt == null && retentionExpiresAt.isAfter(now);
    }

    /**
     * Whether its owner may still see it at {@code now}: visible ({@link #isVisibleAt}) and, for an MCP task, its
     * visibility (TTL) not yet ended. Past it the owner's lookups, updates and cancels answer exactly like an unknown
     * execution, while the row and its receipt stay for replays until retention.
     */
    public boolean isVisibleToOwnerAt(Instant now) {
        return isVisibleAt(now) && (visibleUntil == null || visibleUntil.isAfter(now));
    }

    /** The safe status as reported to callers: never the input or the result. */
    public ExecutionSnapshot toSnapshot() {
        return toSnapshot(Map.of());
    }

    /**
     * The safe status with the outstanding input requests (request key → MCP {@code InputRequest}); they are shown
     * only while the execution is {@code input_required}.
     */
    public ExecutionSnapshot toSnapshot(Map<String, JsonNode> inputRequests) {
        return new ExecutionSnapshot(
                id,
                toolName,
                toolVersion,
                state,
                surface,
                createdAt,
                updatedAt,
                deadlineAt,
                retentionExpiresAt,
                statusMessage,
                progress,
                total,
                cancelRequestedAt != null ? Boolean.TRUE : null,
                state == ExecutionStatus.INPUT_REQUIRED ? inputRequests : null,
                visibleUntil,
                state == ExecutionStatus.COMPLETED ? toolError : null,
                progressToken);
    }
}
