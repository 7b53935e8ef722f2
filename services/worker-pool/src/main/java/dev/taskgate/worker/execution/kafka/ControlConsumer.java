package dev.taskgate.worker.execution.kafka;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.reactive.messaging.Incoming;

import io.smallrye.reactive.messaging.annotations.Blocking;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.CommitRefused;
import dev.taskgate.contracts.work.ControlSignal;
import dev.taskgate.contracts.work.InputProvided;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.worker.execution.DispatchRunner;

/**
 * Reads control signals from {@code taskgate.control.v1}. Every instance has its own group
 * ({@code worker-pool-<instance id>}, starting at the latest offset) and acts only on dispatches it holds.
 */
@ApplicationScoped
public class ControlConsumer {
    private final DispatchRunner runner;

    @Inject
    ControlConsumer(DispatchRunner runner) {
        this.runner = runner;
    }

    /** Blocking because a stop or an input response is a write to a child's stdin pipe; it waits for nothing else. */
    @Incoming("control-in")
    @Blocking
    public void onControlSignal(String value) {
        if (value == null) {
            throw new IllegalArgumentException("empty record value");
        }
        ControlSignal signal = Wire.fromBytes(value.getBytes(StandardCharsets.UTF_8), ControlSignal.class);
        if (signal instanceof StopRequested stop) {
            runner.requestStop(stop);
        } else if (signal instanceof InputProvided input) {
            runner.provideInput(input);
        } else if (signal instanceof CommitGranted granted) {
            runner.grantCommit(granted);
        } else if (signal instanceof CommitRefused refused) {
            runner.decideCommit(refused.executionId(), refused.epoch(), refused.planHash(), false, refused.reason());
        }
    }
}
