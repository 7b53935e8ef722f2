package dev.taskgate.frontend.mcp.http;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import dev.taskgate.frontend.mcp.McpErrors;

/**
 * One MCP request header read for comparison with the body (MCP 2026-07-28 §6.3): at most one value, trimmed of
 * optional whitespace (RFC 9110: space and tab), visible ASCII only; an empty value counts as absent. Every violation
 * is -32020.
 */
final class SingleHeader {
    private SingleHeader() {}

    /** The value of {@code name}, read through {@code headers} (all values of one name, or null/empty when absent). */
    static Optional<String> value(Function<String, List<String>> headers, String name) {
        List<String> values = headers.apply(name);
        if (values == null || values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() > 1) {
            throw McpErrors.headerMismatch("Send exactly one " + name + " header.");
        }
        String value = trim(values.get(0));
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 || c > 0x7e) && c != '\t') {
                throw McpErrors.headerMismatch("Header " + name + " holds characters other than visible ASCII; "
                        + "send non-ASCII values in the =?base64?…?= form.");
            }
        }
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static String trim(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (value.charAt(end - 1) == ' ' || value.charAt(end - 1) == '\t')) {
            end--;
        }
        return value.substring(start, end);
    }
}
