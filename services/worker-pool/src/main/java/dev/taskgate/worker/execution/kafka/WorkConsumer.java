package dev.taskgate.worker.execution.kafka;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import io.opentelemetry.api.trace.Span;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.tracing.RecordTracing;
import dev.taskgate.tracing.TraceContext;
import dev.taskgate.worker.execution.DispatchRunner;
import dev.taskgate.worker.report.ExecutionTraces;
import dev.taskgate.worker.sealing.PayloadSealing;

/**
 * Reads {@code RunOperation} records from {@code taskgate.work.v1} (group {@code worker-pool}). A record is
 * acknowledged once its operation has started (or was refused, stopped or found a duplicate), not when the
 * operation finishes; a record that does not parse, or whose payload cannot be opened ({@link PayloadSealing}), goes
 * to the dead-letter topic and is never run.
 */
@ApplicationScoped
public class WorkConsumer {
    private static final Logger LOG = Logger.getLogger(WorkConsumer.class);

    private final DispatchRunner runner;
    private final PayloadSealing sealing;
    private final RecordTracing tracing;
    private final ExecutionTraces traces;

    @Inject
    WorkConsumer(DispatchRunner runner, PayloadSealing sealing, RecordTracing tracing, ExecutionTraces traces) {
        this.runner = runner;
        this.sealing = sealing;
        this.tracing = tracing;
        this.traces = traces;
    }

    /**
     * Not annotated {@code @Blocking}: this method only parses and hands the record over; the wait for an
     * idle child happens on {@link DispatchRunner}'s own dispatcher thread, and the returned stage settles the record.
     * The span of handling the record (a child of job-control's) lasts until the operation has started; every event
     * the execution reports carries it ({@link ExecutionTraces}).
     */
    @Incoming("work-in")
    public CompletionStage<Void> onRunOperation(String value, IncomingKafkaRecordMetadata<String, String> metadata) {
        RunOperation run;
        try {
            if (value == null) {
                throw new IllegalArgumentException("empty record value");
            }
            run = Wire.fromBytes(sealing.open(value.getBytes(StandardCharsets.UTF_8)), RunOperation.class);
        } catch (PayloadUnreadableException e) {
            LOG.warnf(
                    "Work record refused, payload not opened, not run [executionId=%s keyId=%s reason=%s]",
                    e.executionId(), e.keyId(), e.getMessage());
            return CompletableFuture.failedFuture(e);
        } catch (RuntimeException e) {
            // Failing the stage nacks the record; the failure strategy puts it on <topic>.dlq with this reason.
            return CompletableFuture.failedFuture(e);
        }
        Span span = tracing.startConsumer(metadata.getTopic(), metadata.getHeaders());
        TraceContext.of(span).ifPresent(trace -> traces.remember(run.executionId(), trace));
        return runner.dispatch(run).whenComplete((started, failure) -> span.end());
    }
}
