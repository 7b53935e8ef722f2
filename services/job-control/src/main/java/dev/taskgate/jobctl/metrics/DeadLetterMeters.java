package dev.taskgate.jobctl.metrics;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.jobctl.deadletter.DeadLetterTopics;

/**
 * Records job-control's consumers send to a dead-letter topic, by the topic they were read from ({@code commands},
 * {@code worker-events}), and records replayed from a dead-letter topic, by that topic (one of
 * {@code jobctl.dead-letters.sources} with {@code .dlq}: bounded by the configuration). Both exported at 0 from the
 * start, so that {@code increase()} and the alert on them see the first one.
 */
@ApplicationScoped
public class DeadLetterMeters {
    static final String DEAD_LETTERS = "taskgate.dead.letters";
    static final String REPLAYS = "taskgate.dead.letter.replays";

    /** The topics of job-control's consumers that dead-letter, by the short name the meters use. */
    public enum Source {
        COMMANDS("commands"),
        WORKER_EVENTS("worker-events");

        private final String tag;

        Source(String tag) {
            this.tag = tag;
        }
    }

    private final MeterRegistry registry;
    private final DeadLetterTopics topics;

    DeadLetterMeters(MeterRegistry registry, DeadLetterTopics topics) {
        this.registry = registry;
        this.topics = topics;
    }

    void registerAtZero(@Observes StartupEvent start) {
        for (Source source : Source.values()) {
            registry.counter(DEAD_LETTERS, "topic", source.tag);
        }
        for (String topic : topics.all()) {
            registry.counter(REPLAYS, "topic", topic);
        }
    }

    /** A record read from {@code source} was refused or failed for good: the connector dead-letters it. */
    public void deadLettered(Source source) {
        registry.counter(DEAD_LETTERS, "topic", source.tag).increment();
    }

    /** {@code count} records of the dead-letter topic {@code topic} were published again to their source topic. */
    public void replayed(String topic, int count) {
        registry.counter(REPLAYS, "topic", topic).increment(count);
    }
}
