package dev.taskgate.contracts.time;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;

/**
 * Jackson's instant deserializer, reading the canonical form with {@link IsoInstants#parseCanonical}; every other
 * token or form (numbers, offsets, lower case, blanks) takes Jackson's own path, with its results and its errors.
 */
final class WireInstantDeserializer extends InstantDeserializer<Instant> {
    private static final long serialVersionUID = 1L;

    WireInstantDeserializer() {
        super(InstantDeserializer.INSTANT, DateTimeFormatter.ISO_INSTANT);
    }

    @Override
    public Instant deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        if (_formatter == DateTimeFormatter.ISO_INSTANT && parser.hasToken(JsonToken.VALUE_STRING)) {
            Instant parsed = IsoInstants.parseCanonical(parser.getText());
            if (parsed != null) {
                return parsed;
            }
        }
        return super.deserialize(parser, context);
    }
}
