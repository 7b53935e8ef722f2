package dev.taskgate.jobctl.outage;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness: down while a consumer waits for a dependency to come back ({@link DependencyOutage}). */
@Readiness
@ApplicationScoped
public class DependencyOutageHealthCheck implements HealthCheck {

    private final DependencyOutage outage;

    DependencyOutageHealthCheck(DependencyOutage outage) {
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
