package dev.taskgate.examples.hoi4.tool;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads arguments that the catalog's input schema has already validated (types and bounds). */
public final class ToolInput {
    private ToolInput() {}

    public static Optional<String> text(JsonNode input, String name) {
        JsonNode value = input.path(name);
        return value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    public static int integer(JsonNode input, String name, int fallback) {
        JsonNode value = input.path(name);
        return value.canConvertToInt() ? value.asInt() : fallback;
    }
}
