package dev.taskgate.tracing;

import java.util.Objects;
import java.util.function.Supplier;

import org.apache.kafka.common.header.Headers;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.MDC;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;

/**
 * The spans of Taskgate's Kafka hops. A service's handling of one consumed record is one {@link SpanKind#CONSUMER}
 * span, the child of the span whose context the record's headers carry; what the service publishes because of that
 * record carries this span's context in turn ({@link TraceContext}), so one execution is one trace across every
 * service. The SmallRye connector's own tracing is off (application.properties): it would start a second span per
 * record and could not follow a record through the outbox or an execution through a worker.
 */
public final class RecordTracing {

    /** The logging context key of the execution a log line is about. */
    public static final String EXECUTION_ID = "executionId";

    private static final String INSTRUMENTATION = "dev.taskgate";

    private final Tracer tracer;

    public RecordTracing(OpenTelemetry openTelemetry) {
        this.tracer = Objects.requireNonNull(openTelemetry, "openTelemetry").getTracer(INSTRUMENTATION);
    }

    /**
     * Starts the span of handling one record of {@code topic}: the child of the context in its headers, a new trace
     * when they carry none. The caller ends it ({@link #within(Span, Supplier)} does).
     */
    public Span startConsumer(String topic, Headers headers) {
        Context parent = TraceContext.from(headers).map(TraceContext::toContext).orElse(Context.root());
        return startConsumer(topic, parent);
    }

    /**
     * Starts the span of handling one consumed SmallRye message: the child of the context its Kafka headers carry; a
     * new trace when it carries none or is not a Kafka record.
     */
    public Span startConsumer(Message<?> record) {
        return record.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(metadata -> startConsumer(metadata.getTopic(), metadata.getHeaders()))
                .orElseGet(() -> startConsumer("unknown", Context.root()));
    }

    /** Starts the span of handling one record of {@code topic} under {@code parent}. */
    public Span startConsumer(String topic, Context parent) {
        return tracer.spanBuilder(topic + " process")
                .setParent(parent)
                .setSpanKind(SpanKind.CONSUMER)
                .setAttribute("messaging.system", "kafka")
                .setAttribute("messaging.destination.name", topic)
                .setAttribute("messaging.operation.type", "process")
                .startSpan();
    }

    /**
     * Runs {@code work} with {@code span} current from subscription until the returned item or failure, then ends
     * the span. On a Vert.x duplicated context (every consumed record has its own) the span stays current for the
     * callbacks of that context too, such as those of the reactive SQL client: so a transaction started by the work
     * sees it, and the outbox rows it writes carry it.
     */
    public <T> Uni<T> within(Span span, Supplier<Uni<T>> work) {
        return within(span, null, work);
    }

    /**
     * {@link #within(Span, Supplier)}, with the execution the record is about in the logging context (the key
     * {@value #EXECUTION_ID}; JSON log lines carry it, as they carry the trace and span ids) when it is known.
     */
    public <T> Uni<T> within(Span span, Object executionId, Supplier<Uni<T>> work) {
        return Uni.createFrom().deferred(() -> {
            Scope scope = Context.current().with(span).makeCurrent();
            if (executionId != null) {
                MDC.put(EXECUTION_ID, executionId.toString());
            }
            Uni<T> uni;
            try {
                uni = work.get();
            } catch (RuntimeException e) {
                close(scope, executionId);
                end(span, e);
                throw e;
            }
            return uni.onTermination().invoke((item, failure, cancelled) -> {
                close(scope, executionId);
                end(span, failure);
            });
        });
    }

    private static void close(Scope scope, Object executionId) {
        if (executionId != null) {
            MDC.remove(EXECUTION_ID);
        }
        scope.close();
    }

    private static void end(Span span, Throwable failure) {
        if (failure != null) {
            span.setStatus(StatusCode.ERROR);
        }
        span.end();
    }
}
