package dev.taskgate.frontend;

import java.util.UUID;

import jakarta.inject.Singleton;

/** This process's instance id, fixed for its lifetime: configured, or random per start. */
@Singleton
public class InstanceIdentity {
    private final String id;

    InstanceIdentity(FrontendConfig config) {
        this.id = config.instanceId()
                .filter(s -> !s.isBlank())
                .orElseGet(() -> UUID.randomUUID().toString());
    }

    /** The id used as {@code replyTo} and in the reply consumer group. */
    public String id() {
        return id;
    }
}
