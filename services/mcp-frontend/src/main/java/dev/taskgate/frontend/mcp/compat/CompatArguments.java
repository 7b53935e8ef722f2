package dev.taskgate.frontend.mcp.compat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.execution.InputResponseShape;
import dev.taskgate.frontend.execution.InputViolation;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.progress.SettledOutcomes;
import dev.taskgate.frontend.query.PageLimit;

/**
 * The arguments of the compatibility tools, checked against the input schemas {@link CompatibilityTools} lists:
 * every violation is reported at once as -32602 with {@code data.errors} ({@code pointer} below
 * {@code /arguments}, {@code message}), the same shape as an ordinary tool's invalid arguments. Nothing is read or
 * sent before the arguments passed.
 */
public final class CompatArguments {
    /** Longest wait of {@code execution_get}. */
    public static final int MAX_WAIT_MS = SettledOutcomes.MAX_WAIT_MS;
    /** Longest {@code execution_id}, {@code request_key} or {@code cursor} accepted. */
    public static final int MAX_TEXT = 512;

    /** {@code execution_get} / {@code job_inspect}. */
    public record Get(String executionId, int waitMs) {}

    /** {@code execution_cancel} / {@code job_cancel}. */
    public record Cancel(String executionId) {}

    /** {@code execution_provide_input}. */
    public record ProvideInput(String executionId, String requestKey, JsonNode response) {}

    /** {@code execution_list}. */
    public record ListPage(String cursor, int limit) {}

    private CompatArguments() {}

    /** {@code {execution_id, wait_ms?}}; {@code wait_ms} defaults to 0 (answer the current state at once). */
    public static Get get(String tool, JsonNode arguments) {
        Checker c = new Checker(arguments, Set.of("execution_id", "wait_ms"));
        String id = c.text("execution_id", true);
        Integer wait = c.integer("wait_ms", 0, MAX_WAIT_MS);
        c.done(tool);
        return new Get(id, wait == null ? 0 : wait);
    }

    /** {@code {execution_id}}. */
    public static Cancel cancel(String tool, JsonNode arguments) {
        Checker c = new Checker(arguments, Set.of("execution_id"));
        String id = c.text("execution_id", true);
        c.done(tool);
        return new Cancel(id);
    }

    /**
     * {@code {execution_id, request_key, response}}; {@code response} is an {@code ElicitResult}, or for a relayed
     * sampling or roots request a {@code CreateMessageResult} or {@code ListRootsResult}, checked as the REST input
     * route checks it (the key's method is not known here; the execution checks the answer against its request).
     */
    public static ProvideInput provideInput(String tool, JsonNode arguments) {
        Checker c = new Checker(arguments, Set.of("execution_id", "request_key", "response"));
        String id = c.text("execution_id", true);
        String key = c.text("request_key", true);
        JsonNode response = c.present("response");
        if (response != null) {
            InputResponseShape.violationOfAny(response)
                    .ifPresent(v -> c.violation("/response" + v.pointer(), v.message()));
        }
        c.done(tool);
        return new ProvideInput(id, key, response);
    }

    /** {@code {cursor?, limit?}}; {@code limit} 1–100, default 20. */
    public static ListPage list(String tool, JsonNode arguments) {
        Checker c = new Checker(arguments, Set.of("cursor", "limit"));
        String cursor = c.text("cursor", false);
        Integer limit = c.integer("limit", 1, PageLimit.MAX);
        c.done(tool);
        return new ListPage(cursor, limit == null ? PageLimit.DEFAULT : limit);
    }

    /** Collects violations of one arguments object. */
    private static final class Checker {
        private final JsonNode arguments;
        private final List<InputViolation> violations = new ArrayList<>();

        Checker(JsonNode arguments, Set<String> known) {
            this.arguments =
                    arguments == null || arguments.isNull() ? JsonNodeFactory.instance.objectNode() : arguments;
            if (!this.arguments.isObject()) {
                violations.add(new InputViolation("", "must be an object"));
                return;
            }
            for (Iterator<String> it = this.arguments.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!known.contains(name)) {
                    violation(
                            "/" + name.replace("~", "~0").replace("/", "~1"),
                            "unknown argument '" + name + "' (accepted: "
                                    + String.join(", ", new java.util.TreeSet<>(known)) + ")");
                }
            }
        }

        String text(String name, boolean required) {
            JsonNode value = member(name);
            if (value == null) {
                if (required) {
                    violation("/" + name, name + " is required");
                }
                return null;
            }
            if (!value.isTextual() || value.asText().isEmpty() || value.asText().length() > MAX_TEXT) {
                violation("/" + name, name + " must be a non-empty string of at most " + MAX_TEXT + " characters");
                return null;
            }
            return value.asText();
        }

        Integer integer(String name, int min, int max) {
            JsonNode value = member(name);
            if (value == null) {
                return null;
            }
            if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < min || value.asInt() > max) {
                violation("/" + name, name + " must be an integer between " + min + " and " + max);
                return null;
            }
            return value.asInt();
        }

        JsonNode present(String name) {
            JsonNode value = member(name);
            if (value == null) {
                violation("/" + name, name + " is required");
            }
            return value;
        }

        void violation(String pointer, String message) {
            violations.add(new InputViolation(pointer, message));
        }

        void done(String tool) {
            if (violations.isEmpty()) {
                return;
            }
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            ArrayNode errors = data.putArray("errors");
            violations.forEach(v -> errors.addObject()
                    .put("pointer", "/arguments" + v.pointer())
                    .put("message", v.message()));
            throw invalid("Invalid arguments for tool " + tool + ".", data);
        }

        private JsonNode member(String name) {
            if (!arguments.isObject()) {
                return null;
            }
            JsonNode value = arguments.get(name);
            return value == null || value.isNull() ? null : value;
        }
    }

    private static McpException invalid(String message, ObjectNode data) {
        return McpErrors.invalidParams(message, data);
    }
}
