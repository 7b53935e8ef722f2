package dev.taskgate.jobctl.execution;

import java.time.Instant;
import java.util.Objects;

/**
 * A running execution together with what owner-loss recovery needs: who owns it and how often it was replaced.
 *
 * @param execution            the execution row
 * @param ownerWorkerId        the worker instance that reported {@code Started} for the current epoch, or
 *                             {@code null} if none has yet
 * @param replacements         how many replacement dispatches owner loss has made
 * @param replacedFromFrontier the frontier the latest replacement started from, or {@code null}
 * @param ownerLastSeenAt      when job-control last heard from the owner, or {@code null} if unknown
 * @param ownerLeftAt          when the owner announced a clean shutdown, or {@code null}
 */
public record OwnedExecution(
        Execution execution,
        String ownerWorkerId,
        int replacements,
        String replacedFromFrontier,
        Instant ownerLastSeenAt,
        Instant ownerLeftAt) {

    public OwnedExecution {
        Objects.requireNonNull(execution, "execution");
    }
}
