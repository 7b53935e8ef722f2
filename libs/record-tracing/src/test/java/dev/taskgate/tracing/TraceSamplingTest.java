package dev.taskgate.tracing;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;

import static org.assertj.core.api.Assertions.assertThat;

class TraceSamplingTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    @Test
    void recordsNothingWithoutAnEndpointEvenUnderASampledParent() {
        assertThat(decision(false, sampledParent())).isEqualTo(SamplingDecision.DROP);
        assertThat(decision(false, Context.root())).isEqualTo(SamplingDecision.DROP);
    }

    @Test
    void recordsEveryNewTraceWithAnEndpointAndFollowsTheParentsDecision() {
        assertThat(decision(true, Context.root())).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
        assertThat(decision(true, sampledParent())).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
        Context unsampled = Context.root()
                .with(Span.wrap(SpanContext.createFromRemoteParent(
                        TRACE, "00f067aa0ba902b7", TraceFlags.getDefault(), TraceState.getDefault())));
        assertThat(decision(true, unsampled)).isEqualTo(SamplingDecision.DROP);
    }

    private static Context sampledParent() {
        return Context.root()
                .with(Span.wrap(SpanContext.createFromRemoteParent(
                        TRACE, "00f067aa0ba902b7", TraceFlags.getSampled(), TraceState.getDefault())));
    }

    private static SamplingDecision decision(boolean exporting, Context parent) {
        return TraceSampling.sampler(exporting)
                .shouldSample(
                        parent, TRACE, "taskgate.work.v1 process", SpanKind.CONSUMER, Attributes.empty(), List.of())
                .getDecision();
    }
}
