package dev.taskgate.testsupport.mcp;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * One MCP 2026-07-28 request as a well-behaved client sends it: the JSON-RPC envelope; {@code params._meta} with
 * {@code protocolVersion}, {@code clientCapabilities} and {@code clientInfo}; the headers {@code Content-Type},
 * {@code Accept}, {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} (from {@code params.name} or
 * {@code params.taskId}). Every part can be changed or removed before it is sent.
 */
public final class Mcp2026Request {
    private final McpTestClient client;
    private final ObjectNode message = Wire.mapper().createObjectNode();
    private final Map<String, String> headers = new LinkedHashMap<>();
    private String token;
    private boolean tokenSet;

    Mcp2026Request(McpTestClient client, Object id, String method) {
        this.client = client;
        message.put("jsonrpc", "2.0");
        if (id != null) {
            message.set("id", Wire.mapper().valueToTree(id));
        }
        message.put("method", method);
        ObjectNode meta = message.putObject("params").putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", Mcp2026Client.VERSION);
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        meta.putObject("io.modelcontextprotocol/clientInfo")
                .put("name", "taskgate-tests")
                .put("version", "1");
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("MCP-Protocol-Version", Mcp2026Client.VERSION);
        headers.put("Mcp-Method", method);
    }

    /** Sets a params member; {@code name}/{@code taskId} also set {@code Mcp-Name} unless it was set already. */
    public Mcp2026Request param(String name, Object value) {
        params().set(name, Wire.mapper().valueToTree(value));
        if (("name".equals(name) || "taskId".equals(name)) && value instanceof String text) {
            headers.putIfAbsent("Mcp-Name", text);
        }
        return this;
    }

    /** Declares the tasks extension in this request's client capabilities. */
    public Mcp2026Request withTasks() {
        ObjectNode capabilities = capabilities();
        ObjectNode extensions = capabilities.get("extensions") instanceof ObjectNode existing
                ? existing
                : capabilities.putObject("extensions");
        extensions.putObject(Mcp2026Client.TASKS);
        return this;
    }

    /** Declares a client capability ({@code elicitation}, {@code sampling}, {@code roots}) as {@code {}}. */
    public Mcp2026Request capability(String name) {
        capabilities().putObject(name);
        return this;
    }

    /** Sets a {@code params._meta} member. */
    public Mcp2026Request meta(String key, Object value) {
        meta().set(key, Wire.mapper().valueToTree(value));
        return this;
    }

    /** Sets {@code params._meta.progressToken}. */
    public Mcp2026Request progressToken(Object token) {
        return meta("progressToken", token);
    }

    /** Sets a header; {@code null} leaves it out. */
    public Mcp2026Request header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    /** Sends with this bearer token instead of the client's ({@code null}: no Authorization header). */
    public Mcp2026Request bearer(String token) {
        this.token = token;
        this.tokenSet = true;
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

    /** The {@code clientCapabilities} object of {@code _meta}. */
    public ObjectNode capabilities() {
        return (ObjectNode) meta().get("io.modelcontextprotocol/clientCapabilities");
    }

    /** The whole message. */
    public ObjectNode message() {
        return message;
    }

    /** The headers this request is sent with (a {@code null} value: left out). */
    public Map<String, String> headers() {
        return Collections.unmodifiableMap(headers);
    }

    /** POSTs the message and returns the whole answer. */
    public McpReply post() {
        return postRaw(message.toString());
    }

    /** POSTs this exact text as the body, with this request's headers. */
    public McpReply postRaw(String body) {
        return sender().send("POST", headers, body);
    }

    /** POSTs the message and reads the answer as it arrives (an SSE answer, or one the test drops). */
    public McpStream stream() {
        return sender().open("POST", headers, message.toString());
    }

    private McpTestClient sender() {
        return tokenSet ? client.bearer(token) : client;
    }
}
