package dev.taskgate.testsupport.mcp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.testsupport.McpSchemas;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 2025-era protocol of one {@link McpTestClient}: {@code initialize} opens an {@link Mcp2025Session}; messages
 * outside a session can be sent as they are. Also the message builders and checks these tests share.
 */
public final class Mcp2025Client {
    /** The version the tests negotiate unless they say otherwise. */
    public static final String VERSION = "2025-11-25";

    private static final AtomicLong IDS = new AtomicLong(1_000_000);

    private final McpTestClient client;

    Mcp2025Client(McpTestClient client) {
        this.client = client;
    }

    /** The client the messages go through. */
    public McpTestClient client() {
        return client;
    }

    /** {@link #initialize(String)} of {@value #VERSION}. */
    public Mcp2025Session initialize() {
        return initialize(VERSION);
    }

    /** {@link #initialize(String, ObjectNode)} with {@code capabilities.tasks.cancel} (a client that cancels tasks). */
    public Mcp2025Session initialize(String protocolVersion) {
        ObjectNode capabilities = Wire.mapper().createObjectNode();
        capabilities.putObject("tasks").putObject("cancel");
        return initialize(protocolVersion, capabilities);
    }

    /**
     * {@code initialize} with this version and these client capabilities, then {@code notifications/initialized} in
     * the new session. Asserts that the answer is a valid {@code InitializeResult} carrying {@code Mcp-Session-Id}
     * and that the notification was accepted (202).
     */
    public Mcp2025Session initialize(String protocolVersion, ObjectNode capabilities) {
        McpReply reply = initializeRaw(protocolVersion, capabilities);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertValid("JSONRPCResultResponse", reply.json());
        assertValid("InitializeResult", reply.json().get("result"));
        assertThat(reply.sessionId()).as(reply.toString()).isNotBlank();
        Mcp2025Session session = new Mcp2025Session(
                client,
                reply.sessionId(),
                reply.result().path("protocolVersion").asText(),
                reply);
        McpReply ready = session.notify("notifications/initialized", null);
        assertThat(ready.status()).as(ready.toString()).isEqualTo(202);
        return session;
    }

    /** A bare {@code initialize} outside any session, answered as it is (nothing asserted, no notification). */
    public McpReply initializeRaw(String protocolVersion, ObjectNode capabilities) {
        ObjectNode params = Wire.mapper().createObjectNode().put("protocolVersion", protocolVersion);
        params.set("capabilities", capabilities);
        params.putObject("clientInfo").put("name", "taskgate-tests").put("version", "1");
        return post(message(nextId(), "initialize", params), Map.of());
    }

    /**
     * A session of this id and version that this client did not open (another principal's, an ended or a made-up
     * one): its messages carry them as headers.
     */
    public Mcp2025Session session(String id, String protocolVersion) {
        return new Mcp2025Session(client, id, protocolVersion, null);
    }

    /**
     * A message outside any session, with {@code Content-Type} and {@code Accept} and these headers added or
     * replaced ({@code null} value: left out).
     */
    public McpReply post(ObjectNode message, Map<String, String> headers) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("Content-Type", "application/json");
        all.put("Accept", "application/json, text/event-stream");
        all.putAll(headers);
        return client.send("POST", all, message.toString());
    }

    /** A JSON-RPC message ({@code id} a String or a Number; {@code null}: a notification; no params when null). */
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

    /** {@code {"name": tool, "arguments": arguments}}. */
    public static ObjectNode call(String tool, JsonNode arguments) {
        ObjectNode params = params().put("name", tool);
        params.set("arguments", arguments);
        return params;
    }

    /** {@code {"name": tool, "arguments": arguments}} from a map. */
    public static ObjectNode call(String tool, Map<String, ?> arguments) {
        JsonNode tree = Wire.mapper().valueToTree(arguments);
        return call(tool, tree);
    }

    /** {@code {"taskId": taskId}}. */
    public static ObjectNode task(String taskId) {
        return params().put("taskId", taskId);
    }

    /** Asserts {@code json} is valid against {@code #/$defs/<definition>} of the 2025-11-25 schema. */
    public static void assertValid(String definition, JsonNode json) {
        McpSchemas.assertValid2025(definition, json);
    }

    /** Asserts an error response is valid against the 2025-11-25 schema and has this code. */
    public static void assertError(JsonNode message, int code) {
        assertValid("JSONRPCErrorResponse", message);
        assertThat(message.path("error").path("code").asInt())
                .as(message.toString())
                .isEqualTo(code);
    }

    static long nextId() {
        return IDS.incrementAndGet();
    }
}
