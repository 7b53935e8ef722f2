package dev.taskgate.cli.execution;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.Io;

/**
 * Asks the person at the terminal: an {@code elicitation/create} request in form mode becomes one question for the
 * action and one per field of its {@code requestedSchema} (strings, numbers, integers, booleans, enums, as MCP's
 * form schema allows). Other requests (sampling, roots, URL-mode elicitation) cannot be answered by typing; they
 * need {@code --input-response}.
 */
public final class InputPrompt implements InputAnswerer {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Wrong answers tolerated per question before the command gives up. */
    static final int ATTEMPTS = 3;

    private final Io io;
    private final InputAnswerer otherwise;

    /** Asks on {@code io}; what cannot be asked goes to {@code otherwise}. */
    public InputPrompt(Io io, InputAnswerer otherwise) {
        this.io = io;
        this.otherwise = otherwise;
    }

    @Override
    public JsonNode answer(String executionId, String key, JsonNode request) {
        JsonNode params = request.path("params");
        if (!"elicitation/create".equals(request.path("method").asText())
                || !"form".equals(params.path("mode").asText("form"))) {
            return otherwise.answer(executionId, key, request);
        }
        PrintStream err = io.err();
        err.println();
        err.println("Execution " + executionId + " asks (" + key + "):");
        err.println("  " + params.path("message").asText(""));
        String action = ask("accept, decline or cancel? [accept] ", text -> {
                    String choice = text.isBlank() ? "accept" : text.strip().toLowerCase(Locale.ROOT);
                    for (String known : List.of("accept", "decline", "cancel")) {
                        if (known.startsWith(choice)) {
                            return JSON.getNodeFactory().textNode(known);
                        }
                    }
                    return null;
                })
                .asText();
        ObjectNode response = JSON.createObjectNode().put("action", action);
        if ("accept".equals(action)) {
            response.set("content", content(params.path("requestedSchema")));
        }
        return response;
    }

    private ObjectNode content(JsonNode schema) {
        ObjectNode content = JSON.createObjectNode();
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        for (Map.Entry<String, JsonNode> field : schema.path("properties").properties()) {
            String name = field.getKey();
            JsonNode property = field.getValue();
            boolean mandatory = required.contains(name);
            String label = property.path("title").asText(name);
            String description = property.path("description").asText("");
            String prompt = label + " (" + kind(property) + (mandatory ? "" : ", optional") + ")"
                    + (description.isBlank() ? "" : " — " + description) + ": ";
            JsonNode value = ask(prompt, text -> {
                if (text.isBlank()) {
                    return mandatory ? null : JSON.getNodeFactory().missingNode();
                }
                return convert(property, text.strip());
            });
            if (!value.isMissingNode()) {
                content.set(name, value);
            }
        }
        return content;
    }

    private JsonNode ask(String prompt, java.util.function.Function<String, JsonNode> parse) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            io.err().print(prompt);
            io.err().flush();
            String line = io.readLine();
            if (line == null) {
                throw new CliException(ExitCodes.INPUT_REQUIRED, "Standard input ended before the answer.");
            }
            JsonNode value = parse.apply(line);
            if (value != null) {
                return value;
            }
            io.err().println("  not a valid answer");
        }
        throw new CliException(ExitCodes.INPUT_REQUIRED, "No valid answer after " + ATTEMPTS + " tries.");
    }

    /** The field's value from what was typed, or null when it does not fit the field's type. */
    static JsonNode convert(JsonNode property, String text) {
        JsonNode choices = property.get("enum");
        if (choices != null && choices.isArray()) {
            for (JsonNode choice : choices) {
                if (choice.asText().equals(text)) {
                    return choice;
                }
            }
            return null;
        }
        String type = property.path("type").asText("string");
        try {
            return switch (type) {
                case "boolean" ->
                    switch (text.toLowerCase(Locale.ROOT)) {
                        case "y", "yes", "true" -> JSON.getNodeFactory().booleanNode(true);
                        case "n", "no", "false" -> JSON.getNodeFactory().booleanNode(false);
                        default -> null;
                    };
                case "integer" -> JSON.getNodeFactory().numberNode(new BigDecimal(text).longValueExact());
                case "number" -> JSON.getNodeFactory().numberNode(new BigDecimal(text));
                default -> JSON.getNodeFactory().textNode(text);
            };
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static String kind(JsonNode property) {
        JsonNode choices = property.get("enum");
        if (choices != null && choices.isArray()) {
            List<String> names = new ArrayList<>();
            choices.forEach(c -> names.add(c.asText()));
            return "one of " + String.join(", ", names);
        }
        String type = property.path("type").asText("string");
        return "boolean".equals(type) ? "y/n" : type;
    }
}
