package dev.taskgate.frontend.mcp.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
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
    private static final String B64_START = "=?base64?";
    private static final String B64_END = "?=";

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
        String decoded = decode(header);
        if (!decoded.equals(named.asText())) {
            throw McpErrors.headerMismatch("Header mismatch: " + NAME + " '" + header + "' != params." + member.get()
                    + " '" + named.asText() + "'.");
        }
    }

    /**
     * The value of a header that may use the base64 sentinel: {@code =?base64?<base64 of UTF-8>?=} (markers in lower
     * case) is decoded; anything else, including {@code =?BASE64?…?=}, is taken literally.
     */
    static String decode(String value) {
        if (!value.startsWith(B64_START)
                || !value.endsWith(B64_END)
                || value.length() < B64_START.length() + B64_END.length()) {
            return value;
        }
        String encoded = value.substring(B64_START.length(), value.length() - B64_END.length());
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw McpErrors.headerMismatch("Header " + NAME + " holds invalid base64.");
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw McpErrors.headerMismatch("Header " + NAME + " holds base64 that is not UTF-8.");
        }
    }

    private Optional<String> value(String name) {
        List<String> values = headers.apply(name);
        if (values == null || values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() > 1) {
            throw McpErrors.headerMismatch("Send exactly one " + name + " header.");
        }
        String value = trim(values.get(0));
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 || c > 0x7e) && c != '\t') {
                throw McpErrors.headerMismatch("Header " + name + " holds characters other than visible ASCII; "
                        + "send non-ASCII values in the =?base64?…?= form.");
            }
        }
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static String trim(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (value.charAt(end - 1) == ' ' || value.charAt(end - 1) == '\t')) {
            end--;
        }
        return value.substring(start, end);
    }
}
