package dev.taskgate.worker.execution;

import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.pool.ChildProcess;

/**
 * The worker's state for one held dispatch, from admission until its terminal event is acknowledged. The
 * transitions that race (a stop arriving while the run starts, a kill deadline against the result) are
 * decided under this object's lock.
 */
final class ExecutionRun {
    private final ExecutionKey key;
    private final String operation;
    private ChildProcess child;
    private boolean running;
    private boolean stopRequested;
    private boolean killedForStop;
    private boolean finished;
    private boolean commitGranted;
    private ScheduledFuture<?> killTimer;

    private final boolean stoppable;
    private final String workspace;

    ExecutionRun(ExecutionKey key, String operation) {
        this(key, operation, true);
    }

    /** @param stoppable {@code false} for a reconciliation run, which ignores stop requests */
    ExecutionRun(ExecutionKey key, String operation, boolean stoppable) {
        this(key, operation, stoppable, null);
    }

    /** @param workspace the dispatch's {@code RunOperation.workspace} (where artifacts go), or {@code null} */
    ExecutionRun(ExecutionKey key, String operation, boolean stoppable, String workspace) {
        this.key = key;
        this.operation = operation;
        this.stoppable = stoppable;
        this.workspace = workspace;
    }

    /** The execution's workspace {@code <org>/<project>}, or {@code null} when the dispatch named none. */
    String workspace() {
        return workspace;
    }

    ExecutionKey key() {
        return key;
    }

    String operation() {
        return operation;
    }

    synchronized ChildProcess child() {
        return child;
    }

    /**
     * Sends the run line through {@code sendRun} and, if a stop arrived while the run was waiting, the stop line
     * right after it. Both happen under the lock, so no terminal report (and no reuse of the child) can come
     * between: a stop line always reaches the child while it still belongs to this run.
     *
     * @return whether a stop line was sent (the caller arms the kill timer)
     */
    synchronized boolean start(ChildProcess runningChild, Runnable sendRun) {
        this.child = runningChild;
        sendRun.run();
        this.running = true;
        if (stopRequested && !finished) {
            runningChild.stop();
            return true;
        }
        return false;
    }

    /**
     * Records a stop request and, if the run is in a child, sends the stop line (under the lock, see
     * {@link #start}).
     *
     * @return whether a stop line was sent (the caller arms the kill timer)
     */
    synchronized boolean requestStop() {
        if (!stoppable || stopRequested || finished) {
            return false;
        }
        stopRequested = true;
        if (running) {
            child.stop();
            return true;
        }
        return false;
    }

    /**
     * Hands an input response to the child while it still belongs to this run (under the lock, see
     * {@link #start}).
     *
     * @return whether it was sent (false: not started yet or already ended)
     */
    synchronized boolean deliverInput(String key, JsonNode response) {
        if (!running || finished) {
            return false;
        }
        child.provideInput(key, response);
        return true;
    }

    /**
     * Hands a commit decision to the child while it still belongs to this run (under the lock, see {@link #start}).
     *
     * @return whether it was sent
     */
    synchronized boolean deliverCommit(String planHash, boolean granted, String reason) {
        if (!running || finished) {
            return false;
        }
        child.decideCommit(planHash, granted, reason);
        commitGranted |= granted;
        return true;
    }

    /**
     * Whether the run crossed its commit boundary: a child killed after it may have changed files, so its end is
     * an owner loss that job-control reconstructs from the journal, never a plain "stopped".
     */
    synchronized boolean isCommitGranted() {
        return commitGranted;
    }

    synchronized void armKillTimer(ScheduledFuture<?> timer) {
        this.killTimer = timer;
    }

    /** Decides to kill an unresponsive child; {@code false} when the run ended in the meantime. */
    synchronized boolean markKilledForStop() {
        if (finished) {
            return false;
        }
        killedForStop = true;
        return true;
    }

    synchronized boolean isKilledForStop() {
        return killedForStop;
    }

    /** Whether the terminal report of this run was claimed. */
    synchronized boolean isFinished() {
        return finished;
    }

    /**
     * Claims the single terminal report of this run and only then builds it with {@code terminal}, which stamps it:
     * heartbeats leave a claimed run out ({@link HeldExecutions#snapshot}), so one stamped after the terminal event
     * never lists the run.
     *
     * @return the terminal event, or empty if the report was already claimed
     */
    synchronized <E> Optional<E> finish(Supplier<E> terminal) {
        return finish() ? Optional.of(terminal.get()) : Optional.empty();
    }

    /** Claims the single terminal report of this run; {@code false} if it was already claimed. */
    synchronized boolean finish() {
        if (finished) {
            return false;
        }
        finished = true;
        if (killTimer != null) {
            killTimer.cancel(false);
        }
        return true;
    }
}
