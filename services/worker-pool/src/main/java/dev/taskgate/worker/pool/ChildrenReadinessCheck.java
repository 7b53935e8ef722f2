package dev.taskgate.worker.pool;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the pool has started and at least one child has said it is ready: with fewer children than
 * configured (one being replaced) the instance is slower, not unable to work.
 */
@Readiness
@ApplicationScoped
public class ChildrenReadinessCheck implements HealthCheck {
    private final ChildPool pool;

    @Inject
    ChildrenReadinessCheck(ChildPool pool) {
        this.pool = pool;
    }

    @Override
    public HealthCheckResponse call() {
        int ready = pool.readyChildren();
        return HealthCheckResponse.named("children ready")
                .status(pool.isStarted() && ready > 0)
                .withData("configured", pool.size())
                .withData("ready", ready)
                .withData("idle", pool.idleChildren())
                .build();
    }
}
