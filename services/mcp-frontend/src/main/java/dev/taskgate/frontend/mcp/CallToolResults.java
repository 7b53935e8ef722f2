package dev.taskgate.frontend.mcp;

import java.io.IOException;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Puts a stored {@code CallToolResult} on the 2026-07-28 wire. The stored text is the tool's, byte for byte;
 * {@code resultType} is the protocol's envelope (every 2026 result MUST carry it, §2), so it is added by inserting
 * {@code "resultType":"complete",} right after the opening brace. Nothing else changes: not member order, number
 * spelling, escapes or whitespace.
 */
public final class CallToolResults {
    private static final String MEMBER = "\"resultType\":\"complete\"";
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private CallToolResults() {}

    /**
     * The stored result with {@code resultType: "complete"}. A result that already says {@code "complete"} is
     * returned unchanged.
     *
     * @throws IllegalStateException when the stored text is not a JSON object, or carries another resultType
     */
    public static String withResultType(String stored) {
        JsonNode parsed;
        try {
            parsed = STRICT.readTree(stored);
        } catch (IOException e) {
            throw new IllegalStateException("a stored CallToolResult is not valid JSON", e);
        }
        if (parsed == null || !parsed.isObject()) {
            throw new IllegalStateException("a stored CallToolResult is not a JSON object");
        }
        JsonNode existing = parsed.get("resultType");
        if (existing != null) {
            if (existing.isTextual() && "complete".equals(existing.asText())) {
                return stored;
            }
            throw new IllegalStateException("a stored CallToolResult carries resultType " + existing);
        }
        int brace = stored.indexOf('{');
        int after = brace + 1;
        return stored.substring(0, after) + MEMBER + (parsed.size() == 0 ? "" : ",") + stored.substring(after);
    }
}
