package dev.taskgate.frontend.mcp.progress;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;

/**
 * The {@code state} of an {@link ExecutionChanged} record read without parsing the rest of it: the lifecycle reader
 * looks at every record of the stack, most of them for executions nobody here waits on.
 */
final class LifecycleStatePeek {
    private LifecycleStatePeek() {}

    /** The record's top-level {@code state}; {@code null} when it has none, an unknown one, or is not JSON. */
    static ExecutionStatus of(byte[] value) {
        if (value == null) {
            return null;
        }
        try (JsonParser parser = Wire.mapper().getFactory().createParser(value)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken valueToken = parser.nextToken();
                if ("state".equals(name)) {
                    return valueToken == JsonToken.VALUE_STRING ? ExecutionStatus.fromWire(parser.getText()) : null;
                }
                parser.skipChildren();
            }
            return null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }
}
