package dev.taskgate.webhooks.signal;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.webhooks.WebhooksConfig;

/** The handle codec for the shared key, created at start so that a missing or short key stops the service. */
@Singleton
public class HandlesProducer {

    @Produces
    @Singleton
    @Startup
    ExecutionHandles executionHandles(WebhooksConfig config) {
        return ExecutionHandles.withBase64Key(config.handlesKey());
    }
}
