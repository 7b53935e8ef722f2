package dev.taskgate.frontend.support;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * One MCP 2026-07-28 request as a well-behaved client sends it (envelope, {@code _meta}, {@code MCP-Protocol-Version},
 * {@code Mcp-Method}, {@code Mcp-Name}), with hooks to break any part of it.
 */
public final class McpCall {
    /** The protocol version the tests speak. */
    public static final String VERSION = "2026-07-28";
    /** The tasks extension id. */
    public static final String TASKS = "io.modelcontextprotocol/tasks";

    private final ObjectNode message = Wire.mapper().createObjectNode();
    private final Map<String, String> headers = new LinkedHashMap<>();
    private String token = Fixtures.aliceToken();

    private McpCall(Object id, String method) {
        message.put("jsonrpc", "2.0");
        if (id != null) {
            message.set("id", Wire.mapper().valueToTree(id));
        }
        message.put("method", method);
        ObjectNode meta = message.putObject("params").putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", VERSION);
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        meta.putObject("io.modelcontextprotocol/clientInfo")
                .put("name", "taskgate-tests")
                .put("version", "1");
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("MCP-Protocol-Version", VERSION);
        headers.put("Mcp-Method", method);
    }

    /** A request with this id (String or Number). */
    public static McpCall request(Object id, String method) {
        return new McpCall(id, method);
    }

    /** A {@code tools/call} of {@code tool} with these arguments. */
    public static McpCall toolCall(Object id, String tool, Map<String, ?> arguments) {
        return request(id, "tools/call").param("name", tool).param("arguments", arguments);
    }

    /** A {@code tasks/*} request for this task, declaring the extension. */
    public static McpCall task(Object id, String method, String taskId) {
        return request(id, method).param("taskId", taskId).withTasks();
    }

    /** Sets a params member; {@code name}/{@code taskId} also set {@code Mcp-Name} unless overridden. */
    public McpCall param(String name, Object value) {
        params().set(name, Wire.mapper().valueToTree(value));
        if (("name".equals(name) || "taskId".equals(name)) && value instanceof String) {
            headers.putIfAbsent("Mcp-Name", (String) value);
        }
        return this;
    }

    /** Declares the tasks extension in this request's client capabilities. */
    public McpCall withTasks() {
        capabilities().putObject("extensions").putObject(TASKS);
        return this;
    }

    /** Sets a {@code params._meta} member. */
    public McpCall meta(String key, Object value) {
        meta().set(key, Wire.mapper().valueToTree(value));
        return this;
    }

    /** The {@code params._meta} object, to change or remove keys. */
    public ObjectNode meta() {
        return (ObjectNode) params().get("_meta");
    }

    /** The {@code params} object. */
    public ObjectNode params() {
        return (ObjectNode) message.get("params");
    }

    /** The whole message. */
    public ObjectNode message() {
        return message;
    }

    /** Sets a header; {@code null} leaves it out. */
    public McpCall header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    /** Sends with this bearer token ({@code null}: none). */
    public McpCall token(String token) {
        this.token = token;
        return this;
    }

    /** The headers this call is sent with (a {@code null} value: left out). */
    public Map<String, String> headers() {
        return java.util.Collections.unmodifiableMap(headers);
    }

    /** Sets {@code params._meta.progressToken}. */
    public McpCall progressToken(Object token) {
        meta().set("progressToken", Wire.mapper().valueToTree(token));
        return this;
    }

    /** POSTs the message to {@code /mcp}. */
    public Api.Result post(URI base) {
        return postRaw(base, message.toString());
    }

    /** POSTs this exact text as the body, with this call's headers. */
    public Api.Result postRaw(URI base, String body) {
        Api api = Api.at(base);
        headers.forEach(api::header);
        if (token != null) {
            api.bearer(token);
        }
        return api.bytes(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)).post("/mcp");
    }

    private ObjectNode capabilities() {
        return (ObjectNode) meta().get("io.modelcontextprotocol/clientCapabilities");
    }

    /** The JSON body of a response (for readability in tests). */
    public static JsonNode body(Api.Result result) {
        return result.json();
    }
}
