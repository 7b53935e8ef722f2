package dev.taskgate.worker.upstream;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The arguments a 2026-07-28 upstream's tool wants repeated as {@code Mcp-Param-<Name>} headers (MCP 2026-07-28 §6.3):
 * the properties of its input schema marked {@code x-mcp-header}, reached from the root through {@code properties}
 * only, each of type string, integer or boolean, each name an HTTP token, no name twice (case-insensitively). The same
 * rules as mcp-frontend's check of its own callers' headers; a schema that breaks one is refused, since a client must
 * not call a tool whose marks it cannot honour.
 */
final class ParamHeaderMarks {
    private static final String MARK = "x-mcp-header";
    private static final Set<String> TYPES = Set.of("string", "integer", "boolean");
    private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

    private ParamHeaderMarks() {}

    /**
     * {@code [{"path": [...], "header": "<Name>"}, ...]} for the child, in the schema's order; empty when nothing is
     * marked.
     *
     * @throws IllegalArgumentException naming what is wrong with a mark
     */
    static ArrayNode of(JsonNode inputSchema) {
        ArrayNode marks = JsonNodeFactory.instance.arrayNode();
        if (inputSchema == null || !inputSchema.isObject()) {
            return marks;
        }
        collect(inputSchema, List.of(), marks);
        int anywhere = count(inputSchema, false);
        if (anywhere != marks.size()) {
            throw new IllegalArgumentException(MARK + " marks a schema that is not a property reached through"
                    + " 'properties' from the root (" + (anywhere - marks.size()) + " such)");
        }
        Set<String> names = new HashSet<>();
        for (JsonNode mark : marks) {
            if (!names.add(mark.get("header").asText().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(
                        MARK + " '" + mark.get("header").asText() + "' is given twice (header names ignore case)");
            }
        }
        return marks;
    }

    private static void collect(JsonNode schema, List<String> path, ArrayNode marks) {
        JsonNode properties = schema.get("properties");
        if (properties == null || !properties.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> property : properties.properties()) {
            if (!property.getValue().isObject()) {
                continue;
            }
            List<String> at = new ArrayList<>(path);
            at.add(property.getKey());
            JsonNode mark = property.getValue().get(MARK);
            if (mark != null) {
                String where = "property " + String.join(".", at) + ": ";
                if (!mark.isTextual() || !isToken(mark.asText())) {
                    throw new IllegalArgumentException(where + MARK + " must be an HTTP token, not " + mark);
                }
                String type = property.getValue().path("type").asText("");
                if (!TYPES.contains(type)) {
                    throw new IllegalArgumentException(where + MARK + " needs type string, integer or boolean");
                }
                ObjectNode binding = marks.addObject();
                at.forEach(binding.putArray("path")::add);
                binding.put("header", mark.asText());
            }
            collect(property.getValue(), at, marks);
        }
    }

    // the name of a member of a 'properties' object is a property name, never the keyword
    private static int count(JsonNode node, boolean propertyNames) {
        int found = node.isObject() && !propertyNames && node.has(MARK) ? 1 : 0;
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> member : node.properties()) {
                found += count(
                        member.getValue(), !propertyNames && member.getKey().equals("properties"));
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                found += count(item, false);
            }
        }
        return found;
    }

    private static boolean isToken(String text) {
        return !text.isEmpty()
                && text.chars()
                        .allMatch(c -> (c >= 'a' && c <= 'z')
                                || (c >= 'A' && c <= 'Z')
                                || (c >= '0' && c <= '9')
                                || TOKEN_SYMBOLS.indexOf(c) >= 0);
    }
}
