package dev.taskgate.frontend.mcp.http;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.frontend.mcp.McpErrors;

/**
 * {@code Mcp-Param-{Name}} headers of a {@code tools/call} checked against its arguments (MCP 2026-07-28 §6.3, §6.4
 * row 9): a marked argument that is present and non-null needs its header with an equal value, a header without
 * such an argument is a mismatch too. Every failure is -32020 (HTTP 400).
 */
final class ParamHeaders {
    private final Function<String, List<String>> headers;

    /** Headers read through {@code headers} (all values of one name, or null/empty when absent). */
    ParamHeaders(Function<String, List<String>> headers) {
        this.headers = headers;
    }

    /** Checks every binding of the called tool against {@code arguments} (null or non-object: nothing present). */
    void check(List<HeaderBindings.Binding> bindings, JsonNode arguments) {
        for (HeaderBindings.Binding binding : bindings) {
            JsonNode argument = at(arguments, binding.path());
            Optional<String> header = value(binding.headerName());
            boolean present = argument != null && !argument.isNull();
            if (!present) {
                if (header.isPresent()) {
                    throw McpErrors.headerMismatch("Header mismatch: " + binding.headerName() + " is sent but argument "
                            + String.join(".", binding.path()) + " is absent or null.");
                }
                continue;
            }
            String raw = header.orElseThrow(() -> McpErrors.headerMismatch("Missing required header "
                    + binding.headerName() + " (the value of argument " + String.join(".", binding.path()) + ")."));
            String decoded = Base64Sentinel.decode(binding.headerName(), raw);
            if (!matches(binding.type(), decoded, argument)) {
                throw McpErrors.headerMismatch("Header mismatch: " + binding.headerName() + " '" + raw
                        + "' != argument " + String.join(".", binding.path()) + " " + argument + ".");
            }
        }
    }

    /**
     * Strings compare exactly; integers numerically ({@code 007} equals 7); booleans are {@code true}/{@code false}.
     * An argument of another JSON type than declared never matches: its header cannot be checked, so it is refused.
     */
    static boolean matches(String type, String header, JsonNode argument) {
        switch (type) {
            case "string":
                return argument.isTextual() && argument.asText().equals(header);
            case "integer":
                if (!argument.isNumber()) {
                    return false;
                }
                try {
                    return new BigDecimal(header).compareTo(argument.decimalValue()) == 0
                            && header.matches("[+-]?[0-9]+");
                } catch (NumberFormatException e) {
                    return false;
                }
            case "boolean":
                return argument.isBoolean() && header.equals(Boolean.toString(argument.booleanValue()));
            default:
                throw new IllegalStateException("unsupported x-mcp-header type " + type);
        }
    }

    private static JsonNode at(JsonNode arguments, List<String> path) {
        JsonNode node = arguments;
        for (String member : path) {
            if (node == null || !node.isObject()) {
                return null;
            }
            node = node.get(member);
        }
        return node;
    }

    private Optional<String> value(String name) {
        return SingleHeader.value(headers, name);
    }
}
