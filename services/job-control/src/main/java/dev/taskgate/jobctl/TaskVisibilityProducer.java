package dev.taskgate.jobctl;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.jobctl.execution.TaskVisibility;

/** Builds the MCP task visibility policy from configuration at startup, so a bad value stops the service. */
@Singleton
public class TaskVisibilityProducer {

    /** The policy; fails startup with a message naming {@code jobctl.task-visibility.min-ttl} or {@code default-ttl}. */
    @Produces
    @Singleton
    @Startup
    TaskVisibility taskVisibility(JobControlConfig config) {
        return new TaskVisibility(
                config.taskVisibility().minTtl(), config.taskVisibility().defaultTtl());
    }
}
