package dev.taskgate.jobctl.operator;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.jobctl.JobControlConfig;
import io.quarkus.runtime.Startup;

/** Creates the handle codec at start-up, so that a missing or short {@code taskgate.handles.key} stops the service. */
public class OperatorHandlesProducer {

    @Produces
    @Singleton
    @Startup
    ExecutionHandles executionHandles(JobControlConfig config) {
        return ExecutionHandles.withBase64Key(config.handlesKey());
    }
}
