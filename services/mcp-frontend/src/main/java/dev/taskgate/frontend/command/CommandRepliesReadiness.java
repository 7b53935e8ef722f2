package dev.taskgate.frontend.command;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only once command replies can be received (see {@link CommandReplyConsumer}). */
@Readiness
@Singleton
public class CommandRepliesReadiness implements HealthCheck {
    private final CommandReplyConsumer consumer;

    CommandRepliesReadiness(CommandReplyConsumer consumer) {
        this.consumer = consumer;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("command-replies")
                .status(consumer.isReady())
                .build();
    }
}
