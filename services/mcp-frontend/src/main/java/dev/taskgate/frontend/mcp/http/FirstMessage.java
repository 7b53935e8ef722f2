package dev.taskgate.frontend.mcp.http;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.vertx.core.Vertx;

import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.progress.OneShotTimer;

/**
 * Waits for the first step of a synchronous call that its answer starts with — the result (or the error thrown
 * instead), or the first message after which the answer is a stream — holding no thread meanwhile. A signal for the
 * call ({@link SyncCall#onArrival}), a Vert.x timer at {@link SyncCall#wakeAt()} and the start each run
 * {@link SyncCall#poll()} on Vert.x's worker pool (a poll may read job-control), one poll at a time. A heartbeat before
 * the first message is dropped: nothing is committed yet that it could keep alive.
 *
 * <p>Polls are started from three threads (the reader's, a timer's, the one a poll ended on); the fields below are
 * guarded by {@code this}, and nothing blocking runs while it is held. A poll's writes to the call are seen by the
 * next one through that lock, and by whoever takes the call on through the answer's completion.
 */
final class FirstMessage {
    private final SyncCall call;
    private final Vertx vertx;
    private final CompletableFuture<SyncCall.Step> answer = new CompletableFuture<>();
    private final OneShotTimer timer;

    private boolean polling;
    private boolean pollAgain;
    private boolean ended;

    private FirstMessage(SyncCall call, Vertx vertx) {
        this.call = call;
        this.vertx = vertx;
        this.timer = new OneShotTimer(vertx);
    }

    /**
     * The first step of {@code call} worth answering; failed with what the call threw. The caller keeps owning the
     * call (and closes it); once this completes, nothing here touches it any more.
     */
    static CompletableFuture<SyncCall.Step> of(SyncCall call, Vertx vertx) {
        FirstMessage wait = new FirstMessage(call, vertx);
        call.onArrival(wait::wake);
        wait.wake();
        return wait.answer;
    }

    // on the reader's thread, a timer's or the caller's: hand on, never block
    private void wake() {
        synchronized (this) {
            if (ended) {
                return;
            }
            if (polling) {
                pollAgain = true;
                return;
            }
            polling = true;
            timer.cancel();
        }
        vertx.executeBlocking(
                () -> {
                    poll();
                    return null;
                },
                false);
    }

    // on a worker thread, the only one polling
    private void poll() {
        while (true) {
            SyncCall.Step step;
            try {
                step = call.poll();
            } catch (RuntimeException e) {
                end();
                answer.completeExceptionally(e);
                return;
            }
            if (step != null && step.kind() != SyncCall.Kind.HEARTBEAT) {
                end();
                answer.complete(step);
                return;
            }
            if (step == null && !waitFor(call.wakeAt())) {
                return;
            }
        }
    }

    // Stops polling until a signal or the timer at wakeAt; true instead (poll again at once) when a signal came during
    // the poll that found nothing.
    private synchronized boolean waitFor(long wakeAt) {
        if (pollAgain) {
            pollAgain = false;
            return true;
        }
        polling = false;
        timer.schedule(TimeUnit.NANOSECONDS.toMillis(wakeAt - System.nanoTime()) + 1, this::wake);
        return false;
    }

    private void end() {
        synchronized (this) {
            ended = true;
            timer.cancel();
        }
        call.onArrival(null);
    }
}
