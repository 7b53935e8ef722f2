package dev.taskgate.contracts.time;

import java.time.Instant;

import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * Instants through {@link IsoInstants}; register it after Jackson's {@code JavaTimeModule}, whose instant handling
 * it replaces (a module registered later is asked first).
 */
public final class WireTimeModule extends SimpleModule {
    private static final long serialVersionUID = 1L;

    public WireTimeModule() {
        super("taskgate-wire-time");
        addSerializer(Instant.class, new WireInstantSerializer());
        addDeserializer(Instant.class, new WireInstantDeserializer());
    }
}
