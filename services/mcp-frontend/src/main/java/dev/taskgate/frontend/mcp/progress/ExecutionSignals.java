package dev.taskgate.frontend.mcp.progress;

import java.lang.invoke.VarHandle;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;

/**
 * In-memory routing of progress, log and lifecycle records to the requests of this instance that wait on the
 * execution. Records for executions nobody here watches are dropped: every frontend instance reads every record.
 * It also remembers the ids of lately read decisive changes ({@link #isDecisive}), watched or not, so that a request
 * that starts watching after its execution's record went by still learns of it ({@link #decisiveChangeSeen}).
 *
 * <p>Invariant: the lifecycle reader notes a decisive change ({@link #decisiveChangeRead}) before it asks whether
 * the execution is watched, and a request asks {@link #decisiveChangeSeen} only after its {@link #watch} is
 * registered. Each side writes, then reads, with a full fence between (the maps' own reads only acquire, which does
 * not order them after an earlier write), so at least one side sees the other's write: the change either reaches the
 * watch or is seen by the request, never neither.
 */
@Singleton
public class ExecutionSignals {
    /** How many decisive changes are remembered: far more than a request takes to open its watch after its reply. */
    static final int REMEMBERED_DECISIVE_CHANGES = 4096;

    private final ConcurrentMap<UUID, Set<ExecutionWatch>> watches = new ConcurrentHashMap<>();
    private final RecentDecisiveChanges decisive = new RecentDecisiveChanges(REMEMBERED_DECISIVE_CHANGES);

    /**
     * Whether a waiting request has to read the execution on reaching this state: it ended, or it waits for input.
     * {@code null} is not decisive.
     */
    public static boolean isDecisive(ExecutionStatus state) {
        return state != null && (state.isTerminal() || state == ExecutionStatus.INPUT_REQUIRED);
    }

    /** The lifecycle reader read a decisive change of this execution; called before routing the record. */
    void decisiveChangeRead(UUID executionId) {
        decisive.add(executionId);
        VarHandle.fullFence(); // the invariant: this write before the reader's watch lookup
    }

    /**
     * Whether the lifecycle reader read a decisive change of this execution lately (the last
     * {@value #REMEMBERED_DECISIVE_CHANGES} executions). Ask only once watching it, so that none goes unseen.
     */
    public boolean decisiveChangeSeen(UUID executionId) {
        VarHandle.fullFence(); // the invariant: the watch's registration before this read
        return decisive.contains(executionId);
    }

    /**
     * A mark to take before sending a submission: with it, {@link #mayHaveChangedDecisivelySince} can later tell
     * whether this instance's lifecycle reader read a decisive change of that execution, however long after.
     */
    public long decisiveMark() {
        return decisive.added();
    }

    /**
     * Whether the lifecycle reader may have read a decisive change of this execution since {@code mark}: it did,
     * or it read more decisive changes since than are remembered, so it cannot tell. False means that every decisive
     * change read since the mark is remembered and none is this execution's. Ask only once watching it, as for
     * {@link #decisiveChangeSeen}.
     */
    public boolean mayHaveChangedDecisivelySince(UUID executionId, long mark) {
        VarHandle.fullFence(); // the invariant: the watch's registration before these reads
        // the set before the count: a forgotten id is only forgotten after the count was raised
        return decisive.contains(executionId) || decisive.added() - mark > decisive.capacity();
    }

    /** Starts watching an execution; close the watch when the request ends. */
    public ExecutionWatch watch(UUID executionId) {
        return register(new ExecutionWatch(executionId, this, null));
    }

    /**
     * Starts watching an execution, handing every signal to {@code sink} on the reader's thread (it must only hand
     * it over, never block); {@link ExecutionWatch#poll} then never returns anything. Close it when done.
     */
    public ExecutionWatch watch(UUID executionId, Consumer<ExecutionSignal> sink) {
        return register(new ExecutionWatch(executionId, this, sink));
    }

    /** Whether a request here streams this execution's progress and log messages to its caller right now. */
    public boolean isCarried(UUID executionId) {
        Set<ExecutionWatch> set = watches.get(executionId);
        return set != null && set.stream().anyMatch(ExecutionWatch::carries);
    }

    private ExecutionWatch register(ExecutionWatch watch) {
        watches.computeIfAbsent(watch.executionId(), k -> ConcurrentHashMap.newKeySet())
                .add(watch);
        return watch;
    }

    /** Whether any request here waits on this execution (lets consumers skip parsing everything else). */
    public boolean isWatched(UUID executionId) {
        return watches.containsKey(executionId);
    }

    /** Routes a progress report. */
    public void progress(Progress progress) {
        deliver(progress.executionId(), ExecutionSignal.progress(progress));
    }

    /** Routes a log message. */
    public void log(LogMessage log) {
        deliver(log.executionId(), ExecutionSignal.log(log));
    }

    /** Routes a committed state change, with the outcome its record carried ({@code null}: none). */
    public void changed(ExecutionChanged changed, CarriedOutcome outcome) {
        deliver(changed.executionId(), ExecutionSignal.changed(changed.state(), outcome));
    }

    /** How many executions are watched (for tests and diagnostics). */
    public int watchedExecutions() {
        return watches.size();
    }

    private void deliver(UUID executionId, ExecutionSignal signal) {
        Set<ExecutionWatch> set = watches.get(executionId);
        if (set != null) {
            set.forEach(w -> w.deliver(signal));
        }
    }

    void remove(ExecutionWatch watch) {
        watches.computeIfPresent(watch.executionId(), (k, set) -> {
            set.remove(watch);
            return set.isEmpty() ? null : set;
        });
    }
}
