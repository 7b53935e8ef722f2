package dev.taskgate.frontend.mcp.progress;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.Progress;

/**
 * Something a waiting request learns about its execution: progress from {@code taskgate.progress.v1}, a state
 * change from {@code taskgate.lifecycle.v1}, or that its own caller went away.
 *
 * @param kind     what happened
 * @param progress the progress report ({@link Kind#PROGRESS} only)
 * @param state    the new state ({@link Kind#CHANGED} only)
 */
public record ExecutionSignal(Kind kind, Progress progress, ExecutionStatus state) {
    /** The kinds of signal. */
    public enum Kind {
        /** The operation reported progress (best effort: some reports may never arrive). */
        PROGRESS,
        /** job-control committed a state change. */
        CHANGED,
        /** The caller closed its stream or cancelled the request. */
        CALLER_GONE
    }

    static ExecutionSignal progress(Progress progress) {
        return new ExecutionSignal(Kind.PROGRESS, progress, null);
    }

    static ExecutionSignal changed(ExecutionStatus state) {
        return new ExecutionSignal(Kind.CHANGED, null, state);
    }

    static ExecutionSignal callerGone() {
        return new ExecutionSignal(Kind.CALLER_GONE, null, null);
    }
}
