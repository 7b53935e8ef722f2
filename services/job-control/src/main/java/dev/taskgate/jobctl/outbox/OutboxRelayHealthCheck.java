package dev.taskgate.jobctl.outbox;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness: down while the outbox relay cannot publish (Kafka unreachable or refusing records). */
@Readiness
@ApplicationScoped
public class OutboxRelayHealthCheck implements HealthCheck {

    private final OutboxRelay relay;

    OutboxRelayHealthCheck(OutboxRelay relay) {
        this.relay = relay;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("outbox-relay")
                .status(!relay.isFailing())
                .build();
    }
}
