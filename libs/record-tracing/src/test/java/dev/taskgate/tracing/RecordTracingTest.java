package dev.taskgate.tracing;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.smallrye.mutiny.Uni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordTracingTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT = "00f067aa0ba902b7";

    private final List<SpanData> ended = new CopyOnWriteArrayList<>();
    private final SdkTracerProvider provider = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(new SpanExporter() {
                @Override
                public CompletableResultCode export(Collection<SpanData> spans) {
                    ended.addAll(spans);
                    return CompletableResultCode.ofSuccess();
                }

                @Override
                public CompletableResultCode flush() {
                    return CompletableResultCode.ofSuccess();
                }

                @Override
                public CompletableResultCode shutdown() {
                    return CompletableResultCode.ofSuccess();
                }
            }))
            .build();
    private final RecordTracing tracing = new RecordTracing(
            OpenTelemetrySdk.builder().setTracerProvider(provider).build());

    @AfterEach
    void close() {
        provider.close();
    }

    @Test
    void aConsumedRecordsSpanIsTheChildOfTheSpanItsHeadersCarry() {
        RecordHeaders headers = new RecordHeaders();
        new TraceContext("00-" + TRACE + "-" + PARENT + "-01", null).writeTo(headers);

        Span span = tracing.startConsumer("taskgate.work.v1", headers);
        span.end();

        SpanData data = ended.get(0);
        assertThat(data.getTraceId()).isEqualTo(TRACE);
        assertThat(data.getParentSpanId()).isEqualTo(PARENT);
        assertThat(data.getSpanId()).isNotEqualTo(PARENT);
        assertThat(data.getKind()).isEqualTo(SpanKind.CONSUMER);
        assertThat(data.getName()).isEqualTo("taskgate.work.v1 process");
    }

    @Test
    void aRecordWithoutContextStartsATrace() {
        Span span = tracing.startConsumer("taskgate.commands.v1", new RecordHeaders());
        span.end();

        assertThat(ended.get(0).getParentSpanContext().isValid()).isFalse();
        assertThat(ended.get(0).getSpanContext().isValid()).isTrue();
    }

    @Test
    void theSpanIsCurrentWhileTheWorkRunsAndEndsWithIt() {
        Span span = tracing.startConsumer("taskgate.commands.v1", new RecordHeaders());
        AtomicReference<TraceContext> seen = new AtomicReference<>();

        String item = tracing.within(
                        span,
                        () -> Uni.createFrom().item(() -> {
                            seen.set(TraceContext.current().orElseThrow());
                            return "done";
                        }))
                .await()
                .indefinitely();

        assertThat(item).isEqualTo("done");
        assertThat(seen.get().spanId()).contains(span.getSpanContext().getSpanId());
        assertThat(ended).hasSize(1);
        assertThat(Span.fromContext(Context.current()).getSpanContext().isValid())
                .as("the scope is closed afterwards")
                .isFalse();
    }

    @Test
    void theExecutionIsInTheLoggingContextWhileTheWorkRuns() {
        Span span = tracing.startConsumer("taskgate.worker-events.v1", new RecordHeaders());

        Object seen = tracing.within(
                        span, "e-1", () -> Uni.createFrom().item(() -> MDC.get(RecordTracing.EXECUTION_ID)))
                .await()
                .indefinitely();

        assertThat(seen).isEqualTo("e-1");
        assertThat(MDC.get(RecordTracing.EXECUTION_ID)).isNull();
    }

    @Test
    void aFailureEndsTheSpanAsAnError() {
        Span span = tracing.startConsumer("taskgate.commands.v1", new RecordHeaders());

        Uni<String> failing = tracing.within(span, () -> Uni.createFrom().failure(new IllegalStateException("no")));

        assertThatThrownBy(() -> failing.await().indefinitely()).isInstanceOf(IllegalStateException.class);
        assertThat(ended)
                .singleElement()
                .satisfies(s -> assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR));
    }

    @Test
    void workThatThrowsEndsTheSpanToo() {
        Span span = tracing.startConsumer("taskgate.commands.v1", new RecordHeaders());

        Uni<String> throwing = tracing.within(span, () -> {
            throw new IllegalArgumentException("bad");
        });

        assertThatThrownBy(() -> throwing.await().indefinitely()).isInstanceOf(IllegalArgumentException.class);
        assertThat(ended).hasSize(1);
    }
}
