package dev.taskgate.worker.execution.kafka;

import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import io.quarkus.runtime.StartupEvent;

/**
 * Records whether the control reader was positioned when the start-up observers right after its own ran — before the
 * child pool's (default priority), which lets runs start.
 */
@Singleton
public class StartupOrderProbe {
    private volatile Boolean controlReadyBeforeChildren;

    void onStart(
            @Observes @Priority(ControlReader.BEFORE_CHILDREN_START + 1) StartupEvent event, ControlReader reader) {
        controlReadyBeforeChildren = reader.isReady();
    }

    Boolean controlReadyBeforeChildren() {
        return controlReadyBeforeChildren;
    }
}
