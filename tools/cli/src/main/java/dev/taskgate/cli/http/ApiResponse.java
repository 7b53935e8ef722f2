package dev.taskgate.cli.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * A successful (2xx) answer.
 *
 * @param status the HTTP status
 * @param body   the exact bytes
 */
public record ApiResponse(int status, byte[] body) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The body as JSON; a body that is not JSON is a failure of the server, reported as such. */
    public JsonNode json() {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.UNAVAILABLE, "The server answered " + status + " with a body that is " + "not JSON.");
        }
    }

    /** The body as UTF-8 text. */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
