package dev.taskgate.frontend.mcp.progress;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;

/**
 * Something a waiting request learns about its execution: progress or a log message from
 * {@code taskgate.progress.v1}, a state change from {@code taskgate.lifecycle.v1}, or that its own caller went away.
 *
 * @param kind     what happened
 * @param progress the progress report ({@link Kind#PROGRESS} only)
 * @param state    the new state ({@link Kind#CHANGED} only)
 * @param log      the log message ({@link Kind#LOG} only)
 * @param outcome  the outcome the change's record carried ({@link Kind#CHANGED} to a terminal state only), or
 *                 {@code null}
 */
public record ExecutionSignal(
        Kind kind, Progress progress, ExecutionStatus state, LogMessage log, CarriedOutcome outcome) {
    /** The kinds of signal. */
    public enum Kind {
        /** The operation reported progress (best effort: some reports may never arrive). */
        PROGRESS,
        /** The operation logged a message (best effort, like progress). */
        LOG,
        /** job-control committed a state change. */
        CHANGED,
        /** The caller closed its stream or cancelled the request. */
        CALLER_GONE;

        /** Whether the signal only informs (progress, logs) and says nothing about the execution's state. */
        public boolean isBestEffort() {
            return this == PROGRESS || this == LOG;
        }
    }

    static ExecutionSignal progress(Progress progress) {
        return new ExecutionSignal(Kind.PROGRESS, progress, null, null, null);
    }

    static ExecutionSignal log(LogMessage log) {
        return new ExecutionSignal(Kind.LOG, null, null, log, null);
    }

    static ExecutionSignal changed(ExecutionStatus state, CarriedOutcome outcome) {
        return new ExecutionSignal(Kind.CHANGED, null, state, null, outcome);
    }

    static ExecutionSignal callerGone() {
        return new ExecutionSignal(Kind.CALLER_GONE, null, null, null, null);
    }
}
