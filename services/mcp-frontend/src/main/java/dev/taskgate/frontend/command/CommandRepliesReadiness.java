package dev.taskgate.frontend.command;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import dev.taskgate.frontend.kafka.InstanceTopics;

/** Ready only once command replies can be received: the instance reader is positioned ({@link InstanceTopics}). */
@Readiness
@Singleton
public class CommandRepliesReadiness implements HealthCheck {
    private final InstanceTopics reader;

    CommandRepliesReadiness(InstanceTopics reader) {
        this.reader = reader;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("command-replies")
                .status(reader.isReady())
                .build();
    }
}
