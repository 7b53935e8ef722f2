package dev.taskgate.webhooks.delivery;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

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

    /** One recorded attempt: its outcome and how long the request took. */
    void attempted(AttemptOutcome outcome, long durationMs) {
        Timer.builder("taskgate.webhooks.attempts")
                .tag("outcome", outcome.dbName())
                .register(registry)
                .record(Duration.ofMillis(durationMs));
    }

    /** A subscription disabled because its endpoint kept failing or answered 410. */
    void subscriptionDisabled() {
        registry.counter("taskgate.webhooks.subscriptions.disabled").increment();
    }
}
