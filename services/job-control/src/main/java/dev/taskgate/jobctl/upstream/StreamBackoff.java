package dev.taskgate.jobctl.upstream;

import java.time.Duration;

/**
 * How long a {@link ToolListListener} waits before opening its stream again: {@code initial}, doubled after each
 * attempt up to {@code cap}, and {@code initial} again once a stream stayed open for at least {@code cap} (so an
 * upstream that ends every stream at once is asked at most once per {@code cap}).
 */
final class StreamBackoff {
    private final Duration initial;
    private final Duration cap;
    private Duration next;

    StreamBackoff(Duration initial, Duration cap) {
        if (initial.isNegative() || initial.isZero() || cap.compareTo(initial) < 0) {
            throw new IllegalArgumentException("a backoff needs 0 < initial <= cap; got " + initial + ", " + cap);
        }
        this.initial = initial;
        this.cap = cap;
        this.next = initial;
    }

    /** The wait before the next attempt; the one after it is twice as long, up to the cap. */
    Duration next() {
        Duration wait = next;
        Duration doubled = next.multipliedBy(2);
        next = doubled.compareTo(cap) > 0 ? cap : doubled;
        return wait;
    }

    /** A stream was open for {@code open}: long enough, and the next wait is the initial one again. */
    void streamLasted(Duration open) {
        if (open.compareTo(cap) >= 0) {
            next = initial;
        }
    }
}
