package dev.taskgate.jobctl.operator;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.jobctl.JobControlConfig;

/** Creates the handle codec at start-up, so that a missing or short {@code taskgate.handles.key} stops the service. */
public class OperatorHandlesProducer {

    @Produces
    @Singleton
    @Startup
    ExecutionHandles executionHandles(JobControlConfig config) {
        return ExecutionHandles.withBase64Key(config.handlesKey());
    }
}
