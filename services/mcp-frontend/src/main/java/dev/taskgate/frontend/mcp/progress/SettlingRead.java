package dev.taskgate.frontend.mcp.progress;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.vertx.core.Vertx;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;

/**
 * One waiting read of {@link SettledOutcomes#readWhenSettled}, which holds no thread while it waits: the decisive
 * lifecycle record (delivered by the instance reader to the watch's sink), a fallback timer every poll interval and
 * the end of the wait each start the next step, and the blocking reads run on Vert.x's worker pool, one at a time.
 * The steps: a decisive record ends the wait with the outcome it carried (when the caller may read it) or with a
 * read; a read that shows the execution settled ends it; the timer reads again; the read at or after the end of the
 * wait is the answer.
 *
 * <p>Steps come from three threads (the reader's, a timer's, a read's completion); the fields below are guarded by
 * {@code this}, and nothing blocking runs while it is held.
 */
final class SettlingRead {
    private final UUID executionId;
    private final Caller caller;
    private final Supplier<ExecutionOutcome> read;
    private final Vertx vertx;
    private final Clock clock;
    private final long deadline;
    private final long pollNanos;
    private final Runnable onEnd;
    private final CompletableFuture<ExecutionOutcome> answer = new CompletableFuture<>();
    private final OneShotTimer timer;
    private ExecutionWatch watch;

    private boolean reading;
    private boolean readAgain;
    private boolean ended;

    SettlingRead(
            UUID executionId,
            Caller caller,
            Supplier<ExecutionOutcome> read,
            Vertx vertx,
            Clock clock,
            long waitMs,
            long pollNanos,
            Runnable onEnd) {
        this.executionId = executionId;
        this.caller = caller;
        this.read = read;
        this.vertx = vertx;
        this.clock = clock;
        this.deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
        this.pollNanos = pollNanos;
        this.onEnd = onEnd;
        this.timer = new OneShotTimer(vertx);
    }

    /**
     * Opens the watch and, when {@code readFirst}, reads once on the calling thread (its exception is thrown here, and
     * the wait ends). The answer completes on the thread that ended the wait: the caller's, the instance reader's
     * (an outcome the record carried) or a read's.
     */
    CompletableFuture<ExecutionOutcome> start(ExecutionSignals signals, boolean readFirst) {
        synchronized (this) {
            // a record that comes during the first read asks for another read after it
            reading = readFirst;
            // opened before the first read: a record published after the read is not missed. Under the lock, so
            // that a record delivered at once finds the watch set when it ends the wait.
            watch = signals.watch(executionId, this::onSignal);
            if (!readFirst) {
                scheduleNext();
                return answer;
            }
        }
        ExecutionOutcome first;
        try {
            first = read.get();
        } catch (RuntimeException e) {
            end();
            throw e;
        }
        readDone(first);
        return answer;
    }

    // on the instance reader's thread: hand on, never block
    private void onSignal(ExecutionSignal signal) {
        if (signal.kind() != ExecutionSignal.Kind.CHANGED || !ExecutionSignals.isDecisive(signal.state())) {
            return;
        }
        Optional<ExecutionOutcome> carried =
                signal.outcome() == null ? Optional.empty() : signal.outcome().readableBy(caller, clock.instant());
        if (carried.isPresent()) {
            finish(carried.get());
        } else {
            readNow();
        }
    }

    private synchronized void readNow() {
        if (ended) {
            return;
        }
        if (reading) {
            readAgain = true;
            return;
        }
        reading = true;
        timer.cancel();
        vertx.<ExecutionOutcome>executeBlocking(read::get, false).onComplete(done -> {
            if (done.succeeded()) {
                readDone(done.result());
            } else {
                fail(done.cause());
            }
        });
    }

    private void readDone(ExecutionOutcome outcome) {
        synchronized (this) {
            reading = false;
            if (ended) {
                return;
            }
            if (!SettledOutcomes.settled(outcome) && System.nanoTime() - deadline < 0) {
                if (readAgain) {
                    readAgain = false;
                    readNow();
                } else {
                    scheduleNext();
                }
                return;
            }
        }
        finish(outcome);
    }

    // guarded by this
    private void scheduleNext() {
        long left = deadline - System.nanoTime();
        timer.schedule(TimeUnit.NANOSECONDS.toMillis(Math.min(Math.max(left, 0), pollNanos)), this::readNow);
    }

    private void finish(ExecutionOutcome outcome) {
        if (end()) {
            answer.complete(outcome);
        }
    }

    private void fail(Throwable failure) {
        if (end()) {
            answer.completeExceptionally(failure);
        }
    }

    /** Ends the wait once: closes the watch, stops the timer, gives the place back. True for the call that ended it. */
    private boolean end() {
        synchronized (this) {
            if (ended) {
                return false;
            }
            ended = true;
            timer.cancel();
        }
        watch.close();
        onEnd.run();
        return true;
    }
}
