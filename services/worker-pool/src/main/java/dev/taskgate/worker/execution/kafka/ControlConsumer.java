package dev.taskgate.worker.execution.kafka;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

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
 * Applies the control signals of {@code taskgate.control.v1}, which every instance reads whole ({@link ControlReader});
 * each acts only on the dispatches it holds. A signal that does not parse, or whose payload cannot be opened
 * ({@link PayloadSealing}), is refused with an exception, and the reader dead-letters it: it is never applied.
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

    /**
     * Applies one signal, on the reader's thread: a stop or an input response is a write to a child's stdin pipe, a
     * commit decision a hand-over to the run that waits for it; nothing else is waited for.
     *
     * @throws RuntimeException when the record is refused: it does not parse, or its payload does not open
     */
    public void onControlSignal(byte[] value) {
        if (value == null) {
            throw new IllegalArgumentException("empty record value");
        }
        ControlSignal signal;
        try {
            signal = Wire.fromBytes(sealing.open(value), ControlSignal.class);
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
