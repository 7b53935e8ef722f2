package dev.taskgate.webhooks.signal.kafka;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.recordretry.RecordRetry;
import dev.taskgate.tracing.RecordTracing;
import dev.taskgate.webhooks.delivery.DeliveryDispatcher;
import dev.taskgate.webhooks.signal.SignalService;

/**
 * Reads {@code taskgate.lifecycle.v1} (group {@code webhook-dispatcher}) and stores the deliveries of each
 * signalled change; the offset is committed after they are stored. Records that do not parse go to the
 * dead-letter topic. A storage failure is retried ({@link RecordRetry}): for as long as PostgreSQL is away, else a few
 * times and then dead-lettered too.
 */
@ApplicationScoped
public class LifecycleConsumer {
    private static final Logger LOG = Logger.getLogger(LifecycleConsumer.class);
    private final SignalService signals;
    private final DeliveryDispatcher dispatcher;
    private final RecordRetry retry;
    private final RecordTracing tracing;

    LifecycleConsumer(SignalService signals, DeliveryDispatcher dispatcher, RecordRetry retry, RecordTracing tracing) {
        this.tracing = tracing;
        this.signals = signals;
        this.dispatcher = dispatcher;
        this.retry = retry;
    }

    /** Handles one lifecycle record, in the span of its handling (a child of job-control's). */
    @Incoming("lifecycle-in")
    public Uni<Void> onExecutionChanged(Message<String> record) {
        ExecutionChanged change;
        try {
            if (record.getPayload() == null) {
                throw new IllegalArgumentException("record without a value");
            }
            change = Wire.fromBytes(record.getPayload().getBytes(StandardCharsets.UTF_8), ExecutionChanged.class);
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            LOG.warnf("Lifecycle record does not parse, dead-lettered [reason=%s]", e.getMessage());
            return Uni.createFrom().completionStage(record.nack(e));
        }
        return tracing.within(tracing.startConsumer(record), change.executionId(), () -> store(record, change));
    }

    private Uni<Void> store(Message<String> record, ExecutionChanged change) {
        return retry.handle("lifecycle-in", signals.record(change))
                .onItemOrFailure()
                .transformToUni((stored, failure) -> {
                    if (failure != null) {
                        LOG.errorf(
                                failure,
                                "Storing deliveries failed, record dead-lettered [messageId=%s executionId=%s]",
                                change.messageId(),
                                change.executionId());
                        return Uni.createFrom().completionStage(record.nack(failure));
                    }
                    if (stored > 0) {
                        dispatcher.wake();
                    }
                    return Uni.createFrom().completionStage(record.ack());
                });
    }
}
