package dev.taskgate.frontend.mcp;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.event.LogLevel;

/**
 * The per-request metadata of MCP 2026-07-28 §3, read from {@code params._meta} of one request. Nothing is
 * remembered between requests: capabilities count only for the request that declared them.
 *
 * @param protocolVersion    {@code io.modelcontextprotocol/protocolVersion}
 * @param clientCapabilities {@code io.modelcontextprotocol/clientCapabilities}
 */
public record RequestMeta(String protocolVersion, ObjectNode clientCapabilities) {
    /** The protocol generation this server speaks. */
    public static final String VERSION_2026_07_28 = "2026-07-28";
    /** Every version a request may name. */
    public static final List<String> SUPPORTED_VERSIONS = List.of(VERSION_2026_07_28);
    /** {@code _meta} key of the protocol version. */
    public static final String PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    /** {@code _meta} key of the client capabilities. */
    public static final String CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    /** {@code _meta} key of the minimum level of log messages the request wants (deprecated, optional). */
    public static final String LOG_LEVEL_KEY = "io.modelcontextprotocol/logLevel";
    /** Identifier of the tasks extension. */
    public static final String TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

    /** Reads {@code _meta}; a missing or malformed required key is -32602 (HTTP 400). */
    public static RequestMeta of(JsonRpcRequest request) {
        JsonNode meta = request.params().get("_meta");
        if (meta == null || !meta.isObject()) {
            throw McpErrors.invalidMeta("params._meta is required and must be an object with " + PROTOCOL_VERSION_KEY
                    + " and " + CLIENT_CAPABILITIES_KEY + ".");
        }
        JsonNode version = meta.get(PROTOCOL_VERSION_KEY);
        if (version == null || !version.isTextual() || version.asText().isEmpty()) {
            throw McpErrors.invalidMeta("params._meta[\"" + PROTOCOL_VERSION_KEY + "\"] is required (a string).");
        }
        JsonNode capabilities = meta.get(CLIENT_CAPABILITIES_KEY);
        if (capabilities == null || !capabilities.isObject()) {
            throw McpErrors.invalidMeta("params._meta[\"" + CLIENT_CAPABILITIES_KEY
                    + "\"] is required (an object; {} declares nothing optional).");
        }
        return new RequestMeta(version.asText(), (ObjectNode) capabilities);
    }

    /**
     * The request's {@code _meta["io.modelcontextprotocol/logLevel"]}: {@code null} when absent (no log messages
     * may be sent for the request); -32602 when it is not an MCP {@code LoggingLevel}.
     */
    public static LogLevel logLevel(JsonRpcRequest request) {
        JsonNode level = request.params().path("_meta").get(LOG_LEVEL_KEY);
        if (level == null || level.isNull()) {
            return null;
        }
        return (level.isTextual() ? LogLevel.of(level.asText()) : Optional.<LogLevel>empty())
                .orElseThrow(() -> McpErrors.invalidMeta("params._meta[\"" + LOG_LEVEL_KEY + "\"] must be one of "
                        + "debug, info, notice, warning, error, critical, alert, emergency."));
    }

    /** Throws -32022 unless this server speaks the requested version. */
    public void requireSupportedVersion() {
        if (!SUPPORTED_VERSIONS.contains(protocolVersion)) {
            throw McpErrors.unsupportedVersion(protocolVersion, SUPPORTED_VERSIONS);
        }
    }

    /** Whether this request declared the tasks extension ({@code extensions["io.modelcontextprotocol/tasks"]}). */
    public boolean declaresTasks() {
        JsonNode extensions = clientCapabilities.get("extensions");
        return extensions != null
                && extensions.isObject()
                && extensions.path(TASKS_EXTENSION).isObject();
    }
}
