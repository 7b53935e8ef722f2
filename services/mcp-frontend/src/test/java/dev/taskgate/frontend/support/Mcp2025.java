package dev.taskgate.frontend.support;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.testsupport.McpSchemas;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 2025-era MCP client for component tests: {@code initialize} over {@code /mcp}, then requests carrying the
 * session and version headers; and checks of every received message against the official 2025-11-25 schema.
 */
public final class Mcp2025 {
    /** The schema file. */
    public static final String SCHEMA = McpSchemas.V2025;
    /** The version the tests negotiate. */
    public static final String VERSION = "2025-11-25";

    private final URI base;
    private final String token;
    private String sessionId;
    private String version = VERSION;

    private Mcp2025(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** A client of Alice. */
    public static Mcp2025 at(URI base) {
        return new Mcp2025(base, Fixtures.aliceToken());
    }

    /** A client with this bearer token. */
    public static Mcp2025 at(URI base, String token) {
        return new Mcp2025(base, token);
    }

    /** The session id (after {@link #initialize}). */
    public String sessionId() {
        return sessionId;
    }

    /** Uses another session id from now on. */
    public Mcp2025 session(String id) {
        this.sessionId = id;
        return this;
    }

    /** Initializes with this version and {@code capabilities.tasks}; asserts success and keeps the session. */
    public JsonNode initialize(String protocolVersion) {
        ObjectNode capabilities = Wire.mapper().createObjectNode();
        capabilities.putObject("tasks").putObject("cancel");
        return initialize(protocolVersion, capabilities);
    }

    /** Initializes with this version and these client capabilities; asserts success and keeps the session. */
    public JsonNode initialize(String protocolVersion, ObjectNode capabilities) {
        ObjectNode params = Wire.mapper().createObjectNode().put("protocolVersion", protocolVersion);
        params.set("capabilities", capabilities);
        params.putObject("clientInfo").put("name", "taskgate-tests").put("version", "1");
        Api.Result result = post(message(1, "initialize", params), Map.of());
        assertThat(result.status()).as(result.toString()).isEqualTo(200);
        assertValid("JSONRPCResultResponse", result.json());
        assertValid("InitializeResult", result.json().get("result"));
        sessionId = result.header("Mcp-Session-Id");
        assertThat(sessionId).isNotBlank();
        version = result.json().path("result").path("protocolVersion").asText();
        return result.json();
    }

    /** A request in the session. */
    public Api.Result request(Object id, String method, ObjectNode params) {
        return post(message(id, method, params), sessionHeaders());
    }

    /** A notification in the session. */
    public Api.Result notify(String method, ObjectNode params) {
        return post(message(null, method, params), sessionHeaders());
    }

    /** A message with extra or replaced headers ({@code null} value: left out). */
    public Api.Result post(ObjectNode message, Map<String, String> extra) {
        Api api = Api.at(base);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.putAll(extra);
        headers.forEach((k, v) -> {
            if (v != null) {
                api.header(k, v);
            }
        });
        if (token != null) {
            api.bearer(token);
        }
        return api.bytes(message.toString().getBytes(StandardCharsets.UTF_8)).post("/mcp");
    }

    /** Opens a request in the session as a stream, read in the background (for SSE answers). */
    public SseClient stream(Object id, String method, ObjectNode params) {
        Map<String, String> headers = new LinkedHashMap<>(sessionHeaders());
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        return SseClient.open(base, message(id, method, params), headers, token);
    }

    /** POSTs a JSON-RPC response (to a server-to-client request) in the session. */
    public Api.Result respond(JsonNode id, String member, JsonNode value) {
        ObjectNode message = Wire.mapper().createObjectNode().put("jsonrpc", "2.0");
        message.set("id", id);
        message.set(member, value);
        return post(message, sessionHeaders());
    }

    /** The session and version headers. */
    public Map<String, String> sessionHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Mcp-Session-Id", sessionId);
        headers.put("MCP-Protocol-Version", version);
        return headers;
    }

    /** A JSON-RPC message ({@code id} null: a notification). */
    public static ObjectNode message(Object id, String method, ObjectNode params) {
        ObjectNode message = Wire.mapper().createObjectNode().put("jsonrpc", "2.0");
        if (id != null) {
            message.set("id", Wire.mapper().valueToTree(id));
        }
        message.put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        return message;
    }

    /** Empty params. */
    public static ObjectNode params() {
        return Wire.mapper().createObjectNode();
    }

    /** Asserts {@code json} is valid against {@code #/$defs/<definition>} of the 2025-11-25 schema. */
    public static void assertValid(String definition, JsonNode json) {
        McpSchemas.assertValid2025(definition, json);
    }

    /** Asserts an error response is valid and has this code. */
    public static void assertError(JsonNode message, int code) {
        assertValid("JSONRPCErrorResponse", message);
        assertThat(message.path("error").path("code").asInt())
                .as(message.toString())
                .isEqualTo(code);
    }
}
