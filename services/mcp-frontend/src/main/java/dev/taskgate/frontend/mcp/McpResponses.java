package dev.taskgate.frontend.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.mcp.McpException.JsonRpcError;

/** Renders JSON-RPC responses as one line of UTF-8 JSON (valid for Streamable HTTP bodies and stdio lines alike). */
public final class McpResponses {
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private McpResponses() {}

    /** {@code {"jsonrpc":"2.0","id":…,"result":…}}. */
    public static byte[] result(JsonNode id, McpResult result) {
        ObjectNode envelope = MAPPER.createObjectNode().put("jsonrpc", "2.0");
        envelope.set("id", id);
        result.writeInto(envelope, "result");
        return bytes(envelope);
    }

    /** A notification built as a tree, rendered as one line. */
    public static byte[] notification(ObjectNode message) {
        return bytes(message);
    }

    /** {@code {"jsonrpc":"2.0","id":…,"error":{code,message,data?}}}; {@code id} is left out when unknown. */
    public static byte[] error(JsonNode id, JsonRpcError error) {
        ObjectNode envelope = MAPPER.createObjectNode().put("jsonrpc", "2.0");
        if (id != null) {
            envelope.set("id", id);
        }
        envelope.set("error", errorObject(error));
        return bytes(envelope);
    }

    /** The error object alone, as {@code tasks/get} embeds it for a failed task. */
    public static ObjectNode errorObject(JsonRpcError error) {
        ObjectNode node = MAPPER.createObjectNode().put("code", error.code()).put("message", error.message());
        if (error.data() != null) {
            node.set("data", error.data());
        }
        return node;
    }

    private static byte[] bytes(ObjectNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON-RPC response could not be serialised", e);
        }
    }
}
