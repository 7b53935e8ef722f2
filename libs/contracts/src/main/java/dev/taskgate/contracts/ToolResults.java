package dev.taskgate.contracts;

import java.io.IOException;

import com.fasterxml.jackson.databind.JsonNode;

/** What the stored bytes of an MCP {@code CallToolResult} say about themselves, read without changing them. */
public final class ToolResults {
    private ToolResults() {}

    /** Whether the result says {@code "isError": true}; {@code false} for anything that is not such an object. */
    public static boolean isError(byte[] callToolResult) {
        if (callToolResult == null) {
            return false;
        }
        try {
            JsonNode parsed = Wire.mapper().readTree(callToolResult);
            return parsed != null && parsed.path("isError").asBoolean(false);
        } catch (IOException e) {
            return false;
        }
    }
}
