package dev.taskgate.cli.execution;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * {@code --input-response}: either one response ({@code {"action": ...}}) for every request, or an object of
 * responses by request key ({@code {"confirm": {"action": ...}}}). A key with no response is not answered here: the
 * next answerer (a prompt) is asked, or the command ends with {@link ExitCodes#INPUT_REQUIRED}.
 */
public final class GivenResponses implements InputAnswerer {
    private final JsonNode given;
    private final InputAnswerer otherwise;

    /** Answers from {@code given} (may be null: none), else asks {@code otherwise}. */
    public GivenResponses(JsonNode given, InputAnswerer otherwise) {
        if (given != null && !given.isObject()) {
            throw new CliException(
                    ExitCodes.USAGE, "--input-response: an object {\"action\": ...} or {\"<request key>\": {...}}.");
        }
        this.given = given;
        this.otherwise = otherwise;
    }

    @Override
    public JsonNode answer(String executionId, String key, JsonNode request) {
        if (given != null && given.has("action")) {
            return given;
        }
        JsonNode byKey = given == null ? null : given.get(key);
        if (byKey != null && byKey.isObject()) {
            return byKey;
        }
        return otherwise.answer(executionId, key, request);
    }

    /** The last answerer: says what is asked and how to answer it later, and ends the command. */
    public static InputAnswerer refuse() {
        return (executionId, key, request) -> {
            throw new CliException(
                    ExitCodes.INPUT_REQUIRED,
                    "Execution " + executionId + " asks for input (" + key + ": "
                            + request.path("params")
                                    .path("message")
                                    .asText(request.path("method").asText())
                            + ")." + System.lineSeparator()
                            + "  Answer it with: taskgate executions input " + executionId + " --key " + key
                            + " --response '{\"action\":\"accept\",\"content\":{...}}'" + System.lineSeparator()
                            + "  (the request: " + request + ")");
        };
    }
}
