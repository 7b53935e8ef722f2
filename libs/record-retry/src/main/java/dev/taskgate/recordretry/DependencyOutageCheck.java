package dev.taskgate.recordretry;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * Readiness (each service produces it with {@code @Readiness}): down while a consumer waits for a dependency to come
 * back ({@link DependencyOutage}), naming the waiting consumers.
 */
public final class DependencyOutageCheck implements HealthCheck {

    private final DependencyOutage outage;

    public DependencyOutageCheck(DependencyOutage outage) {
        this.outage = outage;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("dependencies")
                .status(!outage.isWaiting())
                .withData("waiting", outage.waitingConsumers())
                .build();
    }
}
