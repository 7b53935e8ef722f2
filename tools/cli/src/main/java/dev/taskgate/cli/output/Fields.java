package dev.taskgate.cli.output;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/** One object for people: {@code name: value} lines, names aligned; nested values as compact JSON. */
public final class Fields {
    private Fields() {}

    /** Every member of {@code object}, in its order. */
    public static String render(JsonNode object) {
        List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(object.properties());
        int width = entries.stream().mapToInt(e -> e.getKey().length()).max().orElse(0);
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, JsonNode> entry : entries) {
            JsonNode value = entry.getValue();
            out.append(entry.getKey())
                    .append(':')
                    .append(" ".repeat(width - entry.getKey().length() + 1))
                    .append(value.isValueNode() ? value.asText() : value.toString())
                    .append('\n');
        }
        return out.toString();
    }
}
