package dev.taskgate.tracing;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.Config;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.trace.samplers.Sampler;

/** The record spans and the sampling rule as CDI beans for the four services. */
@Dependent
public class RecordTracingProducer {

    @Produces
    @Singleton
    RecordTracing recordTracing(OpenTelemetry openTelemetry) {
        return new RecordTracing(openTelemetry);
    }

    /** Quarkus uses a {@link Sampler} bean in place of the one its configuration names. */
    @Produces
    @Singleton
    Sampler sampler(Config config) {
        return TraceSampling.sampler(config.getOptionalValue(TraceSampling.ENDPOINT_KEY, String.class)
                .filter(endpoint -> !endpoint.isBlank())
                .isPresent());
    }
}
