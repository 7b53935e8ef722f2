package dev.taskgate.jobctl.admission;

import java.time.Instant;

/**
 * What the bounds measure for one submitter, read inside the submission transaction under the admission locks.
 *
 * @param principalLive          non-terminal executions of the principal (all workspaces)
 * @param projectLive            non-terminal executions of the project
 * @param organizationLive       non-terminal executions of the organization
 * @param projectQueued          queued executions of the project
 * @param projectRetainedBytes   stored payload bytes (input + result) of the project's unpurged executions
 * @param earliestRetentionEnd   the soonest retention end among those executions, or {@code null} when none
 */
public record AdmissionUsage(
        long principalLive,
        long projectLive,
        long organizationLive,
        long projectQueued,
        long projectRetainedBytes,
        Instant earliestRetentionEnd) {}
