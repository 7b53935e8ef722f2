package dev.taskgate.jobctl.submit;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Writes a JSON value in one canonical spelling, so that equal values give equal text: object members sorted
 * by key in UTF-16 code-unit order, no whitespace, one string escaping, and numbers normalised by value
 * ({@code 1}, {@code 1.0}, {@code 1e0} and {@code 10E-1} are all written {@code 1}). Arrays keep their order.
 */
public final class CanonicalJson {

    private CanonicalJson() {}

    /** The canonical text of {@code node}. */
    public static String write(JsonNode node) {
        StringBuilder out = new StringBuilder();
        append(out, node);
        return out.toString();
    }

    static void append(StringBuilder out, JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT -> appendObject(out, node);
            case ARRAY -> {
                out.append('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    append(out, node.get(i));
                }
                out.append(']');
            }
            case STRING -> appendString(out, node.textValue());
            case NUMBER -> out.append(canonicalNumber(node.decimalValue()));
            case BOOLEAN -> out.append(node.booleanValue());
            case NULL, MISSING -> out.append("null");
            case BINARY, POJO -> throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
        }
    }

    private static void appendObject(StringBuilder out, JsonNode node) {
        List<Map.Entry<String, JsonNode>> members = new ArrayList<>(node.properties());
        // String.compareTo compares UTF-16 code units, the order the canonical form defines
        members.sort(Map.Entry.comparingByKey());
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, JsonNode> member : members) {
            if (!first) {
                out.append(',');
            }
            first = false;
            appendString(out, member.getKey());
            out.append(':');
            append(out, member.getValue());
        }
        out.append('}');
    }

    /** Escapes only what JSON requires: quote, backslash and control characters; everything else is literal. */
    static void appendString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /**
     * The number's value without trailing zeros; {@link BigDecimal#toString()} of a stripped value is unique per
     * value and stays short for huge exponents (unlike {@code toPlainString}).
     */
    static String canonicalNumber(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.signum() == 0 ? "0" : stripped.toString();
    }
}
