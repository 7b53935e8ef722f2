package dev.taskgate.jobctl.web;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.jackson.ObjectMapperCustomizer;

import dev.taskgate.contracts.time.WireTimeModule;

/**
 * The HTTP bodies' instants written and read like the Kafka records' ({@code Wire}): ISO-8601, without the JDK's
 * general formatter.
 */
@Singleton
class WireTimeCustomizer implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new WireTimeModule());
    }

    /**
     * Last: Quarkus registers Jackson's own {@code JavaTimeModule} in a customizer of its own, and the module
     * registered last is the one asked first.
     */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }
}
