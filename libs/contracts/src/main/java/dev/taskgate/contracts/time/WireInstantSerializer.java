package dev.taskgate.contracts.time;

import java.time.Instant;
import java.time.format.DateTimeFormatter;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.datatype.jsr310.ser.InstantSerializer;

/**
 * Jackson's instant serializer, writing the default form with {@link IsoInstants#format}; a property with a pattern
 * of its own ({@code @JsonFormat}) is still written by Jackson's formatter. Jackson makes a new serializer for every
 * property ({@link #withFormat}, {@link #withFeatures}), so both return this class, or the property would lose it.
 */
final class WireInstantSerializer extends InstantSerializer {
    private static final long serialVersionUID = 1L;

    WireInstantSerializer() {
        super();
    }

    private WireInstantSerializer(
            WireInstantSerializer base, Boolean useTimestamp, DateTimeFormatter formatter, JsonFormat.Shape shape) {
        super(base, useTimestamp, formatter, shape);
    }

    private WireInstantSerializer(
            WireInstantSerializer base, Boolean useTimestamp, Boolean useNanoseconds, DateTimeFormatter formatter) {
        super(base, useTimestamp, useNanoseconds, formatter);
    }

    @Override
    protected InstantSerializer withFormat(Boolean useTimestamp, DateTimeFormatter formatter, JsonFormat.Shape shape) {
        return new WireInstantSerializer(this, useTimestamp, formatter, shape);
    }

    @Override
    protected InstantSerializer withFeatures(Boolean writeZoneId, Boolean writeNanoseconds) {
        return new WireInstantSerializer(this, _useTimestamp, writeNanoseconds, _formatter);
    }

    @Override
    protected String formatValue(Instant value, SerializerProvider provider) {
        return _formatter == null ? IsoInstants.format(value) : super.formatValue(value, provider);
    }
}
