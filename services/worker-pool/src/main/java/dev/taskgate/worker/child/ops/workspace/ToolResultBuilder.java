package dev.taskgate.worker.child.ops.workspace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.artifact.ArtifactRef;

/** A {@code CallToolResult} with a text block, {@code resource_link} blocks for artifacts and structured content. */
final class ToolResultBuilder {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final ObjectNode result = MAPPER.createObjectNode();
    private final ArrayNode content = result.putArray("content");

    ToolResultBuilder(String text) {
        content.addObject().put("type", "text").put("text", text);
    }

    /** Links {@code artifact} (MCP {@code resource_link} with the URI callers fetch it from). */
    ToolResultBuilder link(ArtifactRef artifact, String description) {
        ObjectNode link = content.addObject();
        link.put("type", "resource_link");
        link.put("uri", artifact.uri());
        link.put("name", artifact.name());
        link.put("description", description);
        link.put("mimeType", artifact.mediaType());
        link.put("size", artifact.size());
        return this;
    }

    /** The result with {@code structuredContent}, as compact JSON text. */
    String build(ObjectNode structuredContent) {
        result.set("structuredContent", structuredContent);
        result.put("isError", false);
        return CallToolResults.compact(result);
    }

    /** {@code {id, name, media_type, sha256, size, path, uri}}. */
    static ObjectNode artifactJson(ArtifactRef artifact) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("id", artifact.id());
        json.put("name", artifact.name());
        json.put("media_type", artifact.mediaType());
        json.put("sha256", artifact.sha256());
        json.put("size", artifact.size());
        json.put("path", artifact.path());
        json.put("uri", artifact.uri());
        return json;
    }
}
