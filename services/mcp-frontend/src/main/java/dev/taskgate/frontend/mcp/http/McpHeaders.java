package dev.taskgate.frontend.mcp.http;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpServer;
import dev.taskgate.frontend.mcp.RequestMeta;

/**
 * The Streamable HTTP request headers of MCP 2026-07-28 §6.3, checked against the body: every failure is -32020
 * (HTTP 400). Names are case-insensitive (the HTTP layer handles that), values case-sensitive and compared after
 * trimming optional whitespace; {@code Mcp-Name} may use the base64 form {@code =?base64?…?=}.
 */
final class McpHeaders {
    static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    static final String METHOD = "Mcp-Method";
    static final String NAME = "Mcp-Name";

    private final Function<String, List<String>> headers;

    /** Headers read through {@code headers} (all values of one name, or null/empty when absent). */
    McpHeaders(Function<String, List<String>> headers) {
        this.headers = headers;
    }

    /** §6.4 row 5: {@code MCP-Protocol-Version} is present. */
    void requireProtocolVersion() {
        if (value(PROTOCOL_VERSION).isEmpty()) {
            throw McpErrors.headerMismatch("Missing required header " + PROTOCOL_VERSION + ".");
        }
    }

    /** §6.4 row 7: the header names the same version as {@code _meta}. */
    void checkProtocolVersion(RequestMeta meta) {
        String header = value(PROTOCOL_VERSION).orElseThrow();
        if (!header.equals(meta.protocolVersion())) {
            throw McpErrors.headerMismatch("Header mismatch: " + PROTOCOL_VERSION + " '" + header + "' != _meta "
                    + "protocolVersion '" + meta.protocolVersion() + "'.");
        }
    }

    /** §6.4 row 9: {@code Mcp-Method} equals {@code method}; {@code Mcp-Name} equals the named param. */
    void checkMethodAndName(JsonRpcRequest request) {
        String method =
                value(METHOD).orElseThrow(() -> McpErrors.headerMismatch("Missing required header " + METHOD + "."));
        if (!method.equals(request.method())) {
            throw McpErrors.headerMismatch(
                    "Header mismatch: " + METHOD + " '" + method + "' != method '" + request.method() + "'.");
        }
        Optional<String> member = McpServer.nameParam(request.method());
        if (member.isEmpty()) {
            return;
        }
        JsonNode named = request.params().get(member.get());
        if (named == null || !named.isTextual()) {
            return; // the params are invalid; the method answers -32602
        }
        String header = value(NAME)
                .orElseThrow(() -> McpErrors.headerMismatch(
                        "Missing required header " + NAME + " (the value of params." + member.get() + ")."));
        String decoded = Base64Sentinel.decode(NAME, header);
        if (!decoded.equals(named.asText())) {
            throw McpErrors.headerMismatch("Header mismatch: " + NAME + " '" + header + "' != params." + member.get()
                    + " '" + named.asText() + "'.");
        }
    }

    private Optional<String> value(String name) {
        return SingleHeader.value(headers, name);
    }
}
