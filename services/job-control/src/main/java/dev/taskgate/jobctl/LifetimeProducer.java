package dev.taskgate.jobctl;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.jobctl.execution.ExecutionLifetime;

/** Builds the deadline and retention policy from configuration at startup, so a bad value stops the service. */
@Singleton
public class LifetimeProducer {

    /** The policy; fails startup with a message naming the offending configuration key. */
    @Produces
    @Singleton
    @Startup
    ExecutionLifetime lifetime(JobControlConfig config, Operations operations) {
        return new ExecutionLifetime(
                config.execution().defaultDeadline(),
                config.operationDeadlines(),
                config.execution().retentionAfterLifetime(),
                name -> operations.find(name).isPresent());
    }
}
