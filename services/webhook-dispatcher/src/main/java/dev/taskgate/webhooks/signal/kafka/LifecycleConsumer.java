package dev.taskgate.webhooks.signal.kafka;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.recordretry.RecordRetry;
import dev.taskgate.tracing.RecordTracing;
import dev.taskgate.webhooks.delivery.DeliveryDispatcher;
import dev.taskgate.webhooks.signal.SignalService;

/**
 * Handles one record of {@code taskgate.lifecycle.v1} for {@link LifecycleIntake}: stores the deliveries of a
 * signalled change. Records that do not parse go to the dead-letter topic. A storage failure is retried
 * ({@link RecordRetry}): for as long as PostgreSQL is away, else a few times and then dead-lettered too.
 */
@ApplicationScoped
class LifecycleConsumer {
    private static final Logger LOG = Logger.getLogger(LifecycleConsumer.class);
    private final SignalService signals;
    private final DeliveryDispatcher dispatcher;
    private final RecordRetry retry;
    private final RecordTracing tracing;
    private final LifecycleDeadLetters deadLetters;
    private final RecordContexts contexts;

    LifecycleConsumer(
            SignalService signals,
            DeliveryDispatcher dispatcher,
            RecordRetry retry,
            RecordTracing tracing,
            LifecycleDeadLetters deadLetters,
            RecordContexts contexts) {
        this.signals = signals;
        this.dispatcher = dispatcher;
        this.retry = retry;
        this.tracing = tracing;
        this.deadLetters = deadLetters;
        this.contexts = contexts;
    }

    /**
     * Handles one record, in the span of its handling (a child of job-control's), and returns once its deliveries
     * are stored or it is dead-lettered. Blocks the calling thread (the reader's).
     *
     * @throws org.apache.kafka.common.KafkaException when dead-lettering failed: the record is not handled
     */
    void handle(ConsumerRecord<String, String> record) {
        ExecutionChanged change;
        try {
            if (record.value() == null) {
                throw new IllegalArgumentException("record without a value");
            }
            change = Wire.fromBytes(record.value().getBytes(StandardCharsets.UTF_8), ExecutionChanged.class);
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            LOG.warnf("Lifecycle record does not parse, dead-lettered [reason=%s]", e.getMessage());
            deadLetters.send(record, e);
            return;
        }
        Throwable failure = contexts.await(() -> tracing.within(
                        tracing.startConsumer(record.topic(), record.headers()),
                        change.executionId(),
                        () -> store(change)))
                .failure();
        if (failure != null) {
            LOG.errorf(
                    failure,
                    "Storing deliveries failed, record dead-lettered [messageId=%s executionId=%s]",
                    change.messageId(),
                    change.executionId());
            deadLetters.send(record, failure);
        }
    }

    private Uni<Void> store(ExecutionChanged change) {
        return retry.handle("lifecycle-in", signals.record(change))
                .invoke(stored -> {
                    if (stored > 0) {
                        dispatcher.wake();
                    }
                })
                .replaceWithVoid();
    }
}
