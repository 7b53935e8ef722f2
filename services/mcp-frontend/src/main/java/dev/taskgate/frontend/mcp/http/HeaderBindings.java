package dev.taskgate.frontend.mcp.http;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The {@code x-mcp-header} marks of a tool's input schema (MCP 2026-07-28 §6.3): each binds a primitive argument
 * (string, integer or boolean), reached from the root through {@code properties} chains only, to a
 * {@code Mcp-Param-{Name}} header whose name is an RFC 9110 token, unique case-insensitively. A schema breaking any
 * of these rules is refused with {@link IllegalArgumentException}.
 */
public final class HeaderBindings {
    static final String KEYWORD = "x-mcp-header";
    private static final Set<String> PRIMITIVES = Set.of("string", "integer", "boolean");
    private static final String TCHAR_SYMBOLS = "!#$%&'*+-.^_`|~";

    /** One marked argument: its path of property names from the arguments object, its type and header suffix. */
    public record Binding(List<String> path, String type, String header) {
        /** The full header name. */
        public String headerName() {
            return "Mcp-Param-" + header;
        }
    }

    private HeaderBindings() {}

    /** The bindings of {@code schema}, in declaration order; empty when nothing is marked. */
    public static List<Binding> of(String tool, JsonNode schema) {
        List<Binding> bindings = new ArrayList<>();
        collect(tool, schema, List.of(), bindings);
        int reachable = bindings.size();
        int everywhere = countMarks(schema, false);
        if (everywhere != reachable) {
            throw new IllegalArgumentException("tool " + tool + ": " + KEYWORD + " is only allowed on properties "
                    + "reached through 'properties' chains (found " + (everywhere - reachable) + " elsewhere)");
        }
        Set<String> seen = new HashSet<>();
        for (Binding b : bindings) {
            if (!seen.add(b.header().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("tool " + tool + ": " + KEYWORD + " '" + b.header()
                        + "' is declared twice (names are case-insensitive)");
            }
        }
        return List.copyOf(bindings);
    }

    private static void collect(String tool, JsonNode schema, List<String> path, List<Binding> out) {
        JsonNode properties = schema.get("properties");
        if (properties == null || !properties.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> field : properties.properties()) {
            JsonNode property = field.getValue();
            if (!property.isObject()) {
                continue;
            }
            List<String> at = new ArrayList<>(path);
            at.add(field.getKey());
            JsonNode mark = property.get(KEYWORD);
            if (mark != null) {
                String where = "tool " + tool + ": property " + String.join(".", at) + " ";
                if (!mark.isTextual() || !isToken(mark.asText())) {
                    throw new IllegalArgumentException(where + KEYWORD + " must be an RFC 9110 token, got " + mark);
                }
                JsonNode type = property.get("type");
                if (type == null || !type.isTextual() || !PRIMITIVES.contains(type.asText())) {
                    throw new IllegalArgumentException(
                            where + "has " + KEYWORD + " but is not of type string, " + "integer or boolean");
                }
                out.add(new Binding(List.copyOf(at), type.asText(), mark.asText()));
            }
            collect(tool, property, at, out);
        }
    }

    // A member of a 'properties' map is a property name, never a keyword.
    private static int countMarks(JsonNode node, boolean propertyMap) {
        int count = 0;
        if (node.isObject() && !propertyMap && node.has(KEYWORD)) {
            count++;
        }
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            count += countMarks(field.getValue(), !propertyMap && field.getKey().equals("properties"));
        }
        if (node.isArray()) {
            for (JsonNode child : node) {
                count += countMarks(child, false);
            }
        }
        return count;
    }

    static boolean isToken(String value) {
        if (value.isEmpty()) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!alnum && TCHAR_SYMBOLS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
