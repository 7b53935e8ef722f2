package dev.taskgate.frontend.web;

import java.time.Duration;

/**
 * How soon a long-lived response (a server-sent event stream) notices that its client left. A stream's resource sets
 * the response's close handler, but once the body is being written Quarkus's output stream sets its own in its place,
 * so the departure cannot wake the stream: it looks at its connection at least this often, whatever its keep-alive
 * interval, and so gives its place and its worker thread back within about a second.
 */
public final class ClientDeparture {
    /** The longest a stream waits between two looks at its connection. */
    public static final Duration CHECK = Duration.ofSeconds(1);

    private static final long CHECK_NANOS = CHECK.toNanos();

    private ClientDeparture() {}

    /**
     * When a stream waiting until {@code wakeAt} should wake at the latest ({@link System#nanoTime()} values).
     *
     * @param wakeAt when it would wake for its own reasons (a keep-alive, its end)
     * @param now    the time now
     */
    public static long wakeAt(long wakeAt, long now) {
        long check = now + CHECK_NANOS;
        return wakeAt - check < 0 ? wakeAt : check;
    }
}
