package dev.taskgate.webhooks.delivery;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.StartupEvent;

/**
 * The dispatcher's meters (Prometheus at {@code /q/metrics} on the management interface): delivery attempts by
 * outcome with their duration, and subscriptions disabled after failures.
 */
@ApplicationScoped
public class DeliveryMeters {
    private final MeterRegistry registry;

    DeliveryMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * Exports every meter at 0 from the start: a series that appears only with its first increment hides that
     * increment from {@code increase()} and from the alerts built on it (deploy/prometheus/taskgate-alerts.yaml).
     */
    void registerAtZero(@Observes StartupEvent start) {
        for (AttemptOutcome outcome : AttemptOutcome.values()) {
            attempts(outcome);
        }
        disabled();
    }

    /** One recorded attempt: its outcome and how long the request took. */
    void attempted(AttemptOutcome outcome, long durationMs) {
        attempts(outcome).record(Duration.ofMillis(durationMs));
    }

    /** A subscription disabled because its endpoint kept failing or answered 410. */
    void subscriptionDisabled() {
        disabled().increment();
    }

    private Timer attempts(AttemptOutcome outcome) {
        return Timer.builder("taskgate.webhooks.attempts")
                .tag("outcome", outcome.dbName())
                .register(registry);
    }

    private Counter disabled() {
        return registry.counter("taskgate.webhooks.subscriptions.disabled");
    }
}
