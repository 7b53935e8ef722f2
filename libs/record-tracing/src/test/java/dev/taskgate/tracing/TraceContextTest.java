package dev.taskgate.tracing;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;

import static org.assertj.core.api.Assertions.assertThat;

class TraceContextTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String SPAN = "00f067aa0ba902b7";

    @Test
    void readsTheContextOfTheCurrentSpan() {
        Context context = Context.root()
                .with(Span.wrap(SpanContext.create(TRACE, SPAN, TraceFlags.getSampled(), TraceState.getDefault())));

        TraceContext trace = TraceContext.of(context).orElseThrow();

        assertThat(trace.traceparent()).isEqualTo("00-" + TRACE + "-" + SPAN + "-01");
        assertThat(trace.tracestate()).isNull();
        assertThat(trace.traceId()).contains(TRACE);
        assertThat(trace.spanId()).contains(SPAN);
    }

    @Test
    void isEmptyWithoutAValidSpan() {
        assertThat(TraceContext.of(Context.root())).isEmpty();
        assertThat(TraceContext.from(new RecordHeaders())).isEmpty();
    }

    @Test
    void travelsInHeadersReplacingAnOlderContext() {
        RecordHeaders headers = new RecordHeaders();
        new TraceContext("00-" + TRACE + "-0000000000000001-01", null).writeTo(headers);

        new TraceContext("00-" + TRACE + "-" + SPAN + "-01", "vendor=value").writeTo(headers);

        assertThat(headers.headers(TraceContext.TRACEPARENT)).hasSize(1);
        assertThat(new String(headers.lastHeader(TraceContext.TRACESTATE).value(), StandardCharsets.UTF_8))
                .isEqualTo("vendor=value");
        TraceContext read = TraceContext.from(headers).orElseThrow();
        assertThat(read.spanId()).contains(SPAN);
        assertThat(read.tracestate()).isEqualTo("vendor=value");
    }

    @Test
    void becomesARemoteParent() {
        SpanContext parent = Span.fromContext(new TraceContext("00-" + TRACE + "-" + SPAN + "-01", null).toContext())
                .getSpanContext();

        assertThat(parent.isRemote()).isTrue();
        assertThat(parent.getTraceId()).isEqualTo(TRACE);
        assertThat(parent.getSpanId()).isEqualTo(SPAN);
    }

    @Test
    void aMalformedTraceparentStartsNoTrace() {
        TraceContext malformed = new TraceContext("not-a-traceparent", "");

        assertThat(malformed.tracestate()).isNull();
        assertThat(malformed.traceId()).isEmpty();
        assertThat(Span.fromContext(malformed.toContext()).getSpanContext().isValid())
                .isFalse();
    }
}
