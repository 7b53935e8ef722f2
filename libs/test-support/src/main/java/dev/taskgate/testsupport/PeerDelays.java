package dev.taskgate.testsupport;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a scripted peer (an HTTP handler standing in for an upstream) does between two parts of its answer: wait a
 * fixed time, as a network or a slow server would, or hold the answer open until the test lets go. Interrupts end the
 * wait (the server is stopping) and are passed on.
 */
public final class PeerDelays {
    private PeerDelays() {}

    /** Waits {@code duration}: the peer's own delay, not a test waiting for a condition. */
    public static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until {@code release} is counted down, or at most {@code atMost}. */
    public static void holdUntil(CountDownLatch release, Duration atMost) {
        try {
            release.await(atMost.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
