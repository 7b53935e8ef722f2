package dev.taskgate.tracing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;

/**
 * The W3C trace context of one span as text (W3C Trace Context §3): what travels in the {@code traceparent} and
 * {@code tracestate} headers of a Kafka record, and what is stored where a record waits before it is published.
 *
 * @param traceparent {@code 00-<trace id>-<parent span id>-<flags>}
 * @param tracestate  vendor data, {@code null} when there is none
 */
public record TraceContext(String traceparent, String tracestate) {

    /** The header that carries {@link #traceparent()}. */
    public static final String TRACEPARENT = "traceparent";

    /** The header that carries {@link #tracestate()}. */
    public static final String TRACESTATE = "tracestate";

    public TraceContext {
        Objects.requireNonNull(traceparent, "traceparent");
        if (tracestate != null && tracestate.isEmpty()) {
            tracestate = null;
        }
    }

    /** The context of the span current in {@code context}; empty when it has no valid span. */
    public static Optional<TraceContext> of(Context context) {
        SpanContext span = Span.fromContext(context).getSpanContext();
        if (!span.isValid()) {
            return Optional.empty();
        }
        Map<String, String> carrier = new HashMap<>(4);
        W3CTraceContextPropagator.getInstance().inject(context, carrier, Map::put);
        String traceparent = carrier.get(TRACEPARENT);
        return traceparent == null
                ? Optional.empty()
                : Optional.of(new TraceContext(traceparent, carrier.get(TRACESTATE)));
    }

    /** The context of {@code span}; empty when it is not a valid one. */
    public static Optional<TraceContext> of(Span span) {
        return of(Context.root().with(span));
    }

    /** The context of the span current now ({@link Context#current()}); empty when there is none. */
    public static Optional<TraceContext> current() {
        return of(Context.current());
    }

    /** The context a record's headers carry (the last value of each header); empty when they carry none. */
    public static Optional<TraceContext> from(Headers headers) {
        String traceparent = last(headers, TRACEPARENT);
        return traceparent == null
                ? Optional.empty()
                : Optional.of(new TraceContext(traceparent, last(headers, TRACESTATE)));
    }

    /** Writes this context into the headers, replacing any trace context they held. */
    public void writeTo(Headers headers) {
        headers.remove(TRACEPARENT);
        headers.remove(TRACESTATE);
        headers.add(TRACEPARENT, traceparent.getBytes(StandardCharsets.UTF_8));
        if (tracestate != null) {
            headers.add(TRACESTATE, tracestate.getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * A context whose span is this one, as a remote parent; the root context when {@link #traceparent()} does not
     * parse (a malformed header starts a new trace rather than failing the record).
     */
    public Context toContext() {
        return W3CTraceContextPropagator.getInstance().extract(Context.root(), this, Getter.INSTANCE);
    }

    /** The trace id, 32 lower-case hex digits; empty when {@link #traceparent()} does not parse. */
    public Optional<String> traceId() {
        SpanContext span = Span.fromContext(toContext()).getSpanContext();
        return span.isValid() ? Optional.of(span.getTraceId()) : Optional.empty();
    }

    /** The parent span id, 16 lower-case hex digits; empty when {@link #traceparent()} does not parse. */
    public Optional<String> spanId() {
        SpanContext span = Span.fromContext(toContext()).getSpanContext();
        return span.isValid() ? Optional.of(span.getSpanId()) : Optional.empty();
    }

    private static String last(Headers headers, String name) {
        Header header = headers.lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    private enum Getter implements TextMapGetter<TraceContext> {
        INSTANCE;

        @Override
        public Iterable<String> keys(TraceContext carrier) {
            List<String> keys = new ArrayList<>(2);
            keys.add(TRACEPARENT);
            if (carrier.tracestate() != null) {
                keys.add(TRACESTATE);
            }
            return keys;
        }

        @Override
        public String get(TraceContext carrier, String key) {
            if (carrier == null) {
                return null;
            }
            return switch (key) {
                case TRACEPARENT -> carrier.traceparent();
                case TRACESTATE -> carrier.tracestate();
                default -> null;
            };
        }
    }
}
