package dev.taskgate.worker.execution.kafka;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import io.smallrye.reactive.messaging.annotations.Blocking;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.CommitRefused;
import dev.taskgate.contracts.work.ControlSignal;
import dev.taskgate.contracts.work.InputProvided;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.worker.execution.DispatchRunner;
import dev.taskgate.worker.sealing.PayloadSealing;

/**
 * Reads control signals from {@code taskgate.control.v1}. Every instance has its own group
 * ({@code worker-pool-<instance id>}, starting at the latest offset) and acts only on dispatches it holds. A signal
 * whose payload cannot be opened ({@link PayloadSealing}) is dead-lettered and never applied.
 */
@ApplicationScoped
public class ControlConsumer {
    private static final Logger LOG = Logger.getLogger(ControlConsumer.class);

    private final DispatchRunner runner;
    private final PayloadSealing sealing;

    @Inject
    ControlConsumer(DispatchRunner runner, PayloadSealing sealing) {
        this.runner = runner;
        this.sealing = sealing;
    }

    /** Blocking because a stop or an input response is a write to a child's stdin pipe; it waits for nothing else. */
    @Incoming("control-in")
    @Blocking
    public void onControlSignal(String value) {
        if (value == null) {
            throw new IllegalArgumentException("empty record value");
        }
        ControlSignal signal;
        try {
            signal = Wire.fromBytes(sealing.open(value.getBytes(StandardCharsets.UTF_8)), ControlSignal.class);
        } catch (PayloadUnreadableException e) {
            LOG.warnf(
                    "Control record refused, payload not opened, not applied [executionId=%s keyId=%s reason=%s]",
                    e.executionId(), e.keyId(), e.getMessage());
            throw e;
        }
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
