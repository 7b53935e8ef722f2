package dev.taskgate.frontend.mcp.progress;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.lifecycle.ExecutionChanged;

/**
 * Every committed state change this instance reads from {@code taskgate.lifecycle.v1}, for subscribers that follow
 * executions by owner or by a set of ids rather than one id (the 2025-era listen streams, the 2026-07-28
 * {@code subscriptions/listen} streams). Records are parsed only while someone listens. Subscribers run on the reader's thread: they must only hand the record over, never block.
 */
@Singleton
public class LifecycleFeed {
    private final List<Consumer<ExecutionChanged>> subscribers = new CopyOnWriteArrayList<>();
    private final List<Interest> interests = new CopyOnWriteArrayList<>();

    /** Whether a record is wanted at all right now. */
    @FunctionalInterface
    public interface Interest {
        /** True while at least one subscriber has something open. */
        boolean any();
    }

    /** Adds a subscriber and what says whether it wants records now. */
    public void subscribe(Consumer<ExecutionChanged> subscriber, Interest wanted) {
        subscribers.add(subscriber);
        interests.add(wanted);
    }

    /** Whether the reader should parse records for this feed: some subscriber has something open. */
    public boolean wanted() {
        return interests.stream().anyMatch(Interest::any);
    }

    void publish(ExecutionChanged changed) {
        subscribers.forEach(s -> s.accept(changed));
    }
}
