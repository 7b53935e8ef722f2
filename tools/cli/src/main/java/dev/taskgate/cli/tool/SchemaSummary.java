package dev.taskgate.cli.tool;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An input schema in one line for the tool table: each top-level property with its type, required ones marked
 * {@code *}, e.g. {@code message: string*, seconds: number}.
 */
public final class SchemaSummary {
    private SchemaSummary() {}

    /** The summary of {@code schema}; {@code {}} for a schema without properties. */
    public static String of(JsonNode schema) {
        Set<String> required = new HashSet<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
            parts.add(property.getKey() + ": " + type(property.getValue())
                    + (required.contains(property.getKey()) ? "*" : ""));
        }
        return parts.isEmpty() ? "{}" : String.join(", ", parts);
    }

    private static String type(JsonNode property) {
        if (property.has("enum")) {
            return "enum";
        }
        JsonNode type = property.get("type");
        if (type == null) {
            return "any";
        }
        if (type.isArray()) {
            List<String> types = new ArrayList<>();
            type.forEach(t -> types.add(t.asText()));
            return String.join("|", types);
        }
        return type.asText();
    }
}
