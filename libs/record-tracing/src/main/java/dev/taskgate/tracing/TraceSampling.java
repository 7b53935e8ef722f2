package dev.taskgate.tracing;

import io.opentelemetry.sdk.trace.samplers.Sampler;

/**
 * Whether spans are recorded: only when they go somewhere. Quarkus fixes the exporter at build time and would
 * otherwise send every span to {@code localhost:4317}; so the exporter stays built in and what switches it on at run
 * time is the endpoint ({@value #ENDPOINT_KEY}, fed by {@code taskgate.otel.endpoint}). Without one no span is
 * sampled: every span is a non-recording one that still has its own id and carries the trace id, so the W3C context
 * still travels from hop to hop (and into the logs) at the cost of little more than two random ids per span, and the
 * exporter, never handed a span, never connects.
 */
public final class TraceSampling {

    /** The configuration key of the OTLP traces endpoint. */
    public static final String ENDPOINT_KEY = "quarkus.otel.exporter.otlp.traces.endpoint";

    private TraceSampling() {}

    /**
     * With an endpoint: record and export every trace, following the caller's decision when it made one
     * ({@code parentbased_always_on}); without: record nothing.
     */
    public static Sampler sampler(boolean exporting) {
        return exporting ? Sampler.parentBased(Sampler.alwaysOn()) : Sampler.alwaysOff();
    }
}
