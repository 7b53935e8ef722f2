package dev.taskgate.frontend.handle;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.FrontendConfig;

/** Creates the handle signer at start-up, so that a missing or short {@code taskgate.handles.key} stops the service. */
public class HandlesProducer {
    @Produces
    @Singleton
    @Startup
    ExecutionHandles executionHandles(FrontendConfig config) {
        return ExecutionHandles.withBase64Key(config.handlesKey());
    }
}
