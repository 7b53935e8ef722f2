package dev.taskgate.jobctl.execution;

import java.time.Instant;

import dev.taskgate.contracts.ExecutionStatus;

/**
 * Which executions of a workspace a listing keeps; every member is optional (null keeps all).
 *
 * @param state         only executions in this state
 * @param tool          only calls of this tool (its exact name)
 * @param principal     only executions of this owner: its whole principal ({@code "<issuer> <subject>"}) or
 *                      its subject, exactly
 * @param createdFrom   only those created at or after this instant
 * @param createdBefore only those created before this instant
 */
public record ExecutionFilter(
        ExecutionStatus state, String tool, String principal, Instant createdFrom, Instant createdBefore) {
    /** Keeps every execution. */
    public static final ExecutionFilter NONE = new ExecutionFilter(null, null, null, null, null);
}
