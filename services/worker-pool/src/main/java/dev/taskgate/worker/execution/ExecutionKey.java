package dev.taskgate.worker.execution;

import java.util.Objects;
import java.util.UUID;

/**
 * One dispatch of an execution: the execution id and the epoch it runs under. Everything the worker
 * remembers (held runs, duplicates, stop requests) is keyed by this pair, so a signal for another epoch never
 * touches this dispatch.
 *
 * @param executionId the execution
 * @param epoch       the dispatch epoch (fencing token)
 */
public record ExecutionKey(UUID executionId, long epoch) {

    public ExecutionKey {
        Objects.requireNonNull(executionId, "executionId");
    }

    @Override
    public String toString() {
        return "executionId=" + executionId + " epoch=" + epoch;
    }
}
