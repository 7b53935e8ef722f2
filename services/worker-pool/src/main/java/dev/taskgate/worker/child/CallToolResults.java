package dev.taskgate.worker.child;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Builds MCP {@code CallToolResult} JSON text the way every operation returns it: compact, in a fixed member order. */
public final class CallToolResults {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private CallToolResults() {}

    /** A result with one text content block. */
    public static String text(String text, boolean isError) {
        return write(base(text, null, isError));
    }

    /** A result with one text content block and {@code structuredContent}. */
    public static String structured(String text, JsonNode structuredContent, boolean isError) {
        return write(base(text, structuredContent, isError));
    }

    /** Compact JSON text of any node, as used for text content that mirrors structured content. */
    public static String compact(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a JSON tree", e);
        }
    }

    private static ObjectNode base(String text, JsonNode structuredContent, boolean isError) {
        ObjectNode result = MAPPER.createObjectNode();
        ObjectNode block = result.putArray("content").addObject();
        block.put("type", "text");
        block.put("text", text);
        if (structuredContent != null) {
            result.set("structuredContent", structuredContent);
        }
        result.put("isError", isError);
        return result;
    }

    private static String write(ObjectNode node) {
        return compact(node);
    }
}
