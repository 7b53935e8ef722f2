package dev.taskgate.contracts;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The MCP {@code progressToken} a 2025-11-25 task was created with, kept with its execution so that every frontend
 * replica can report the task's progress under it for the task's whole lifetime (tasks 2025-11-25 §9). MCP allows a
 * string or an integer; a stored one is bounded so a client cannot park large values in job-control.
 */
public final class ProgressTokens {
    /** The longest string token that is stored. */
    public static final int MAX_CHARS = 256;

    private ProgressTokens() {}

    /** Whether {@code token} may be stored: a string of at most {@value #MAX_CHARS} characters or a 64-bit integer. */
    public static boolean isStorable(JsonNode token) {
        return token != null
                && (token.isTextual() && token.asText().length() <= MAX_CHARS
                        || token.isIntegralNumber() && token.canConvertToLong());
    }
}
