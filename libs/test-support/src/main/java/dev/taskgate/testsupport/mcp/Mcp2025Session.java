package dev.taskgate.testsupport.mcp;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * One 2025-era session: every message carries {@code Mcp-Session-Id} and the negotiated
 * {@code MCP-Protocol-Version}. Sessions live in job-control, so {@link #at} uses the same session through another
 * frontend. Requests without an explicit id get a fresh one (ids must not repeat within a session).
 */
public final class Mcp2025Session {
    private final McpTestClient client;
    private final String id;
    private final String protocolVersion;
    private final McpReply initialized;

    Mcp2025Session(McpTestClient client, String id, String protocolVersion, McpReply initialized) {
        this.client = client;
        this.id = id;
        this.protocolVersion = protocolVersion;
        this.initialized = initialized;
    }

    /** The session id. */
    public String id() {
        return id;
    }

    /** The negotiated protocol version. */
    public String protocolVersion() {
        return protocolVersion;
    }

    /** The answer to the session's {@code initialize} ({@code null} for a session this client did not open). */
    public McpReply initialized() {
        return initialized;
    }

    /** The endpoint the session's messages go to. */
    public URI endpoint() {
        return client.endpoint();
    }

    /** The same session through the frontend at {@code base} (any replica serves every session). */
    public Mcp2025Session at(URI base) {
        return new Mcp2025Session(client.at(base), id, protocolVersion, initialized);
    }

    /** The session and version headers. */
    public Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Mcp-Session-Id", id);
        headers.put("MCP-Protocol-Version", protocolVersion);
        return headers;
    }

    /** A request in the session ({@code params} null: none). */
    public McpReply request(Object requestId, String method, ObjectNode params) {
        return post(Mcp2025Client.message(requestId, method, params), Map.of());
    }

    /** A request with a fresh id. */
    public McpReply request(String method, ObjectNode params) {
        return request(Mcp2025Client.nextId(), method, params);
    }

    /** A notification in the session. */
    public McpReply notify(String method, ObjectNode params) {
        return post(Mcp2025Client.message(null, method, params), Map.of());
    }

    /** The client's JSON-RPC response to a server-to-client request ({@code member}: result or error). */
    public McpReply respond(JsonNode requestId, String member, JsonNode value) {
        ObjectNode message = Wire.mapper().createObjectNode().put("jsonrpc", "2.0");
        message.set("id", requestId);
        message.set(member, value);
        return post(message, Map.of());
    }

    /** A message in the session with headers added or replaced ({@code null} value: left out). */
    public McpReply post(ObjectNode message, Map<String, String> replaced) {
        return client.send("POST", postHeaders(replaced), message.toString());
    }

    /** A request whose answer is read as it arrives (an SSE answer). */
    public McpStream stream(Object requestId, String method, ObjectNode params) {
        return client.open(
                "POST",
                postHeaders(Map.of()),
                Mcp2025Client.message(requestId, method, params).toString());
    }

    /** A streamed request with a fresh id. */
    public McpStream stream(String method, ObjectNode params) {
        return stream(Mcp2025Client.nextId(), method, params);
    }

    /** {@code GET /mcp} with {@code Accept: text/event-stream}: the session's listen stream. */
    public McpStream listen() {
        return listen(Map.of());
    }

    /** The listen stream with headers added or replaced ({@code null} value: left out). */
    public McpStream listen(Map<String, String> replaced) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "text/event-stream");
        headers.putAll(headers());
        headers.putAll(replaced);
        return client.open("GET", headers, null);
    }

    /** {@code DELETE /mcp} with the session id: ends the session. */
    public McpReply delete() {
        return client.send("DELETE", Map.of("Mcp-Session-Id", id), (String) null);
    }

    private Map<String, String> postHeaders(Map<String, String> replaced) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.putAll(headers());
        headers.putAll(replaced);
        return headers;
    }
}
