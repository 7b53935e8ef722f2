package dev.taskgate.recordretry;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.Readiness;

/** The retry rule as CDI beans for the services that use it, with its readiness check. */
@Dependent
public class RecordRetryProducer {

    @Produces
    @Singleton
    DependencyOutage outage() {
        return new DependencyOutage();
    }

    @Produces
    @Singleton
    RecordRetry retry(DependencyOutage outage) {
        return new RecordRetry(outage);
    }

    @Produces
    @Singleton
    @Readiness
    HealthCheck dependencies(DependencyOutage outage) {
        return new DependencyOutageCheck(outage);
    }
}
