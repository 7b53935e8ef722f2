package dev.taskgate.frontend.mcp;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.execution.InputViolation;
import dev.taskgate.frontend.execution.LoneSurrogates;
import dev.taskgate.frontend.execution.ToolInputValidator;

/** The {@code arguments} of a {@code tools/call}, read and checked against the tool's input schema (both generations). */
public final class ToolArguments {

    private ToolArguments() {}

    /**
     * {@code params.arguments} of {@code request} ({@code {}} when absent or null), valid for {@code tool}.
     *
     * @throws McpException -32602 when it is not an object or does not fit the tool's input schema
     */
    public static JsonNode read(JsonRpcRequest request, ToolInputValidator.Tool tool, String toolName) {
        JsonNode arguments = request.params().get("arguments");
        if (arguments == null || arguments.isNull()) {
            arguments = JsonNodeFactory.instance.objectNode();
        } else if (!arguments.isObject()) {
            throw McpErrors.invalidParams("params.arguments must be an object.", null);
        }
        check(tool, arguments, "Invalid arguments for tool " + toolName + ".");
        return arguments;
    }

    /**
     * Checks {@code arguments} against {@code tool}'s input schema.
     *
     * @throws McpException -32602 with {@code message} and every violation ({@code data.errors}: pointer under
     *                      {@code /arguments}, message)
     */
    public static void check(ToolInputValidator.Tool tool, JsonNode arguments, String message) {
        LoneSurrogates.find(arguments).ifPresent(pointer -> {
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            data.putArray("errors")
                    .addObject()
                    .put("pointer", "/arguments" + pointer)
                    .put("message", LoneSurrogates.MESSAGE);
            throw McpErrors.invalidParams(message, data);
        });
        List<InputViolation> violations = tool.violations(arguments);
        if (violations.isEmpty()) {
            return;
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        ArrayNode errors = data.putArray("errors");
        violations.forEach(v ->
                errors.addObject().put("pointer", "/arguments" + v.pointer()).put("message", v.message()));
        throw McpErrors.invalidParams(message, data);
    }
}
