package dev.taskgate.worker.execution.kafka;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only once control signals can be received: the control reader is positioned ({@link ControlReader}). */
@Readiness
@Singleton
public class ControlReadiness implements HealthCheck {
    private final ControlReader reader;

    ControlReadiness(ControlReader reader) {
        this.reader = reader;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("control-signals")
                .status(reader.isReady())
                .build();
    }
}
