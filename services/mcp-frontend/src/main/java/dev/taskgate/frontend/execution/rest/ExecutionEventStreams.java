package dev.taskgate.frontend.execution.rest;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Singleton;

import dev.taskgate.frontend.FrontendConfig;

/**
 * The REST event streams open on this instance ({@code GET …/tool-executions/{id}/events}): each holds a worker
 * thread while open, so at most {@code taskgate.frontend.events.max-per-instance} are.
 */
@Singleton
public class ExecutionEventStreams {
    private final AtomicInteger open = new AtomicInteger();
    private final int maxPerInstance;

    ExecutionEventStreams(FrontendConfig config) {
        this.maxPerInstance = config.events().maxPerInstance();
    }

    /** One open stream's place; closing it more than once gives it back once. */
    final class Place implements AutoCloseable {
        private final AtomicBoolean held = new AtomicBoolean(true);

        @Override
        public void close() {
            if (held.compareAndSet(true, false)) {
                open.decrementAndGet();
            }
        }
    }

    /** Takes a place, or empty when every place is taken. */
    Optional<Place> take() {
        while (true) {
            int now = open.get();
            if (now >= maxPerInstance) {
                return Optional.empty();
            }
            if (open.compareAndSet(now, now + 1)) {
                return Optional.of(new Place());
            }
        }
    }

    /** How many streams are open here (tests, diagnostics). */
    public int size() {
        return open.get();
    }
}
