package dev.taskgate.frontend.mcp.progress;

import io.vertx.core.Vertx;

/**
 * One Vert.x timer at a time for a wait that holds no thread: {@link #schedule} replaces the pending one, and a timer
 * cancelled or replaced after it already fired does not run its action. Safe from any thread; the action runs on an
 * event loop and must only hand on.
 */
public final class OneShotTimer {
    private final Vertx vertx;
    private long pending = -1;

    public OneShotTimer(Vertx vertx) {
        this.vertx = vertx;
    }

    /** Runs {@code action} in {@code delayMs} (at least 1) unless cancelled or replaced first. */
    public synchronized void schedule(long delayMs, Runnable action) {
        cancel();
        // the handler takes this lock too, so it sees the id assigned here even if the timer fires at once
        pending = vertx.setTimer(Math.max(1, delayMs), fired -> {
            if (fire(fired)) {
                action.run();
            }
        });
    }

    /** Cancels the pending timer, if any. */
    public synchronized void cancel() {
        if (pending != -1) {
            vertx.cancelTimer(pending);
            pending = -1;
        }
    }

    private synchronized boolean fire(long fired) {
        if (pending != fired) {
            return false; // cancelled or replaced after it fired
        }
        pending = -1;
        return true;
    }
}
