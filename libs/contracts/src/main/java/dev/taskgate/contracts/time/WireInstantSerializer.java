package dev.taskgate.contracts.time;

import java.time.Instant;

import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.datatype.jsr310.ser.InstantSerializer;

/**
 * Jackson's instant serializer, writing the default form with {@link IsoInstants#format}. A property with its own
 * {@code @JsonFormat} gets a plain {@link InstantSerializer} from Jackson's contextualization, as before.
 */
final class WireInstantSerializer extends InstantSerializer {
    private static final long serialVersionUID = 1L;

    WireInstantSerializer() {
        super();
    }

    @Override
    protected String formatValue(Instant value, SerializerProvider provider) {
        return _formatter == null ? IsoInstants.format(value) : super.formatValue(value, provider);
    }
}
