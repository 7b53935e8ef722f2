package dev.taskgate.contracts;

import java.io.IOException;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import dev.taskgate.contracts.time.WireTimeModule;

/** The JSON mapping every service uses for Kafka records: ISO-8601 instants, no nulls, unknown fields ignored. */
public final class Wire {
    private static final ObjectMapper MAPPER = newMapper();

    private Wire() {}

    /** A fresh mapper with the wire settings, for services that need their own instance. */
    public static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .addModule(new WireTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // "1" is not an epoch and 1.5 is not 1: a record that needs coercion is malformed
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                // tool input carries decimals as written (0.10 stays 0.10), not as binary doubles
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                // null values are left out: exactly what the deprecated serializationInclusion(NON_NULL) did
                .defaultPropertyInclusion(
                        JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
                .build();
    }

    /** The shared, thread-safe mapper. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Serialises a record to its wire bytes. */
    public static byte[] toBytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses wire bytes into a record type; a malformed record throws {@link MalformedRecordException}
     * so consumers can dead-letter it.
     */
    public static <T> T fromBytes(byte[] bytes, Class<T> type) {
        try {
            return MAPPER.readValue(bytes, type);
        } catch (IOException | IllegalArgumentException | NullPointerException e) {
            throw new MalformedRecordException(type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** A record that cannot be parsed into its contract type. */
    public static final class MalformedRecordException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedRecordException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
