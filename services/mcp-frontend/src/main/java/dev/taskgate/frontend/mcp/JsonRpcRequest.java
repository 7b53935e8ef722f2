package dev.taskgate.frontend.mcp;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One incoming JSON-RPC 2.0 message, checked against the envelope rules of MCP 2026-07-28 §2: exactly one
 * object (no batches), {@code jsonrpc: "2.0"}, a string {@code method}, {@code params} an object when present,
 * and an {@code id} that is a string or an integer (never {@code null}); without {@code id} it is a notification.
 *
 * @param id     the request id (textual or integral node); {@code null} for a notification
 * @param method the method name
 * @param params the params object; an empty object when absent
 */
public record JsonRpcRequest(JsonNode id, String method, ObjectNode params) {

    // Exact decimals: arguments are forwarded to the tool, and a binary double would change numbers like 0.1.
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** True when the message has no id and must not be answered. */
    public boolean isNotification() {
        return id == null;
    }

    /** Parses and checks the envelope; throws -32700 for bytes that are not one JSON value, -32600 for a bad envelope. */
    public static JsonRpcRequest parse(byte[] body) {
        JsonNode root = readJson(body);
        if (root.isArray()) {
            throw McpErrors.invalidRequest("Batches are not supported: send one JSON-RPC message per request.");
        }
        if (!root.isObject()) {
            throw McpErrors.invalidRequest("The message must be a JSON-RPC object.");
        }
        JsonNode version = root.get("jsonrpc");
        if (version == null || !version.isTextual() || !"2.0".equals(version.asText())) {
            throw McpErrors.invalidRequest("jsonrpc must be \"2.0\".");
        }
        JsonNode id = root.get("id");
        if (id != null && !(id.isTextual() || id.isIntegralNumber())) {
            throw McpErrors.invalidRequest(id.isNull() ? "id must not be null." : "id must be a string or an integer.");
        }
        JsonNode method = root.get("method");
        if (method == null) {
            throw McpErrors.invalidRequest(
                    root.has("result") || root.has("error")
                            ? "Clients must not send JSON-RPC responses to the server."
                            : "method is required.");
        }
        if (!method.isTextual() || method.asText().isEmpty()) {
            throw McpErrors.invalidRequest("method must be a non-empty string.");
        }
        JsonNode params = root.get("params");
        if (params != null && !params.isObject()) {
            throw McpErrors.invalidRequest("params must be an object.");
        }
        return new JsonRpcRequest(
                id, method.asText(), params == null ? JsonNodeFactory.instance.objectNode() : (ObjectNode) params);
    }

    /** The id of a message whose envelope failed, when it can be read, so that the error can echo it. */
    public static JsonNode readableId(byte[] body) {
        try {
            JsonNode root = STRICT.readTree(body);
            JsonNode id = root == null ? null : root.get("id");
            return id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static JsonNode readJson(byte[] body) {
        if (body.length == 0) {
            throw McpErrors.parseError("Parse error: the body is empty.");
        }
        try (JsonParser parser = STRICT.createParser(body)) {
            JsonNode root = STRICT.readTree(parser);
            if (root == null || root.isMissingNode()) {
                throw McpErrors.parseError("Parse error: the body holds no JSON value.");
            }
            if (parser.nextToken() != null) {
                throw McpErrors.parseError("Parse error: the body holds more than one JSON value.");
            }
            return root;
        } catch (IOException e) {
            throw McpErrors.parseError("Parse error: the body is not valid JSON.");
        }
    }
}
