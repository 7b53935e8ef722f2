package dev.taskgate.operation.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Builds MCP {@code CallToolResult} texts for {@link ToolOperation#call}. */
public final class ToolResults {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode result = JSON.createObjectNode();
    private final ArrayNode content = result.putArray("content");

    private ToolResults() {}

    /** A result to add content to. */
    public static ToolResults builder() {
        return new ToolResults();
    }

    /** A successful result of one text block. */
    public static String text(String text) {
        return builder().addText(text).build();
    }

    /** A tool error ({@code isError: true}) of one text block: the execution completes, the caller sees the error. */
    public static String error(String message) {
        return builder().addText(message).error().build();
    }

    /** A successful result carrying {@code structured} as {@code structuredContent} and as its JSON text. */
    public static String structured(JsonNode structured) {
        return builder()
                .addText(compact(structured))
                .structuredContent(structured)
                .build();
    }

    public ToolResults addText(String text) {
        content.addObject().put("type", "text").put("text", text);
        return this;
    }

    /** Adds an MCP {@code resource_link} to a saved artifact. */
    public ToolResults resourceLink(ArtifactLink artifact) {
        content.addObject()
                .put("type", "resource_link")
                .put("uri", artifact.uri())
                .put("name", artifact.name())
                .put("mimeType", artifact.mediaType())
                .put("size", artifact.size());
        return this;
    }

    /** Sets {@code structuredContent} (an object, as MCP requires). */
    public ToolResults structuredContent(JsonNode structured) {
        if (!structured.isObject()) {
            throw new IllegalArgumentException("structuredContent must be a JSON object");
        }
        result.set("structuredContent", structured);
        return this;
    }

    /** Marks the result as a tool error. */
    public ToolResults error() {
        result.put("isError", true);
        return this;
    }

    /** The compact JSON text. */
    public String build() {
        return compact(result);
    }

    private static String compact(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }
}
