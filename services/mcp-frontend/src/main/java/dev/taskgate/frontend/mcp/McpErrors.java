package dev.taskgate.frontend.mcp;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.mcp.McpException.Disposition;
import dev.taskgate.frontend.mcp.McpException.JsonRpcError;

/** The JSON-RPC errors of MCP 2026-07-28 (§11) and the tasks extension (§10), each with its disposition. */
public final class McpErrors {
    /** Invalid JSON. */
    public static final int PARSE_ERROR = -32700;
    /** Not a valid JSON-RPC request object. */
    public static final int INVALID_REQUEST = -32600;
    /** Unknown, removed or unadvertised method. */
    public static final int METHOD_NOT_FOUND = -32601;
    /** Bad params: missing {@code _meta} keys, unknown tool or task, invalid arguments. */
    public static final int INVALID_PARAMS = -32602;
    /** The server failed to serve the request. */
    public static final int INTERNAL_ERROR = -32603;
    /**
     * 2025-era {@code resources/read} of an unknown resource (2025-11-25 server/resources "Error Handling");
     * 2026-07-28 uses {@link #INVALID_PARAMS} instead (SEP-2164).
     */
    public static final int RESOURCE_NOT_FOUND_2025 = -32002;
    /** An HTTP header disagrees with the body or is missing. */
    public static final int HEADER_MISMATCH = -32020;
    /** Serving the request needs a client capability it did not declare. */
    public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
    /** The protocol version is not one this server speaks. */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    /**
     * Taskgate's own code: a submission is over an admission limit; {@code data.retryAfterMs} says when a retry may
     * be admitted. MCP 2026-07-28 §11 reserves -32000..-32099 (JSON-RPC's server-error range) for the protocol and
     * asks implementations to keep their own codes outside -32768..-32000; 429 recalls the HTTP status.
     */
    public static final int ADMISSION_LIMIT = -31429;

    /** The one message of every unknown-task answer: unknown, forged, expired and not-yours look the same. */
    public static final String TASK_NOT_FOUND = "Failed to retrieve task: Task not found";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private McpErrors() {}

    /** -32700, HTTP 400. */
    public static McpException parseError(String message) {
        return of(PARSE_ERROR, message, null, Disposition.REJECTED);
    }

    /** -32600, HTTP 400. */
    public static McpException invalidRequest(String message) {
        return of(INVALID_REQUEST, message, null, Disposition.REJECTED);
    }

    /** -32602 for a missing or malformed {@code _meta} key: HTTP 400 (§6.4 row 6). */
    public static McpException invalidMeta(String message) {
        return of(INVALID_PARAMS, message, null, Disposition.REJECTED);
    }

    /** -32602 for bad params of a served method: HTTP 200. */
    public static McpException invalidParams(String message, JsonNode data) {
        return of(INVALID_PARAMS, message, data, Disposition.ANSWERED);
    }

    /** -32601, HTTP 404. */
    public static McpException methodNotFound(String method) {
        ObjectNode data = JSON.objectNode().put("method", method);
        return of(METHOD_NOT_FOUND, "Method not found: " + method, data, Disposition.METHOD_NOT_FOUND);
    }

    /** -32020, HTTP 400. */
    public static McpException headerMismatch(String message) {
        return of(HEADER_MISMATCH, message, null, Disposition.REJECTED);
    }

    /** -32021 naming the tasks extension as the missing capability, HTTP 400. */
    public static McpException tasksExtensionRequired() {
        ObjectNode required = JSON.objectNode();
        required.putObject("extensions").putObject(RequestMeta.TASKS_EXTENSION);
        ObjectNode data = JSON.objectNode();
        data.set("requiredCapabilities", required);
        return of(MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability", data, Disposition.REJECTED);
    }

    /** -32022 with {@code data.supported} and {@code data.requested}, HTTP 400. */
    public static McpException unsupportedVersion(String requested, List<String> supported) {
        ObjectNode data = JSON.objectNode();
        supported.forEach(data.putArray("supported")::add);
        data.put("requested", requested);
        return of(UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version", data, Disposition.REJECTED);
    }

    /** -32602 for any task id that is not the caller's live task, HTTP 200. */
    public static McpException taskNotFound() {
        return of(INVALID_PARAMS, TASK_NOT_FOUND, null, Disposition.ANSWERED);
    }

    /**
     * {@link #ADMISSION_LIMIT}, HTTP 200 (§6.4 row 12: the request was served; its answer is an error), with
     * {@code data.retryAfterMs}.
     */
    public static McpException admissionLimit(String message, long retryAfterMs) {
        ObjectNode data = JSON.objectNode().put("retryAfterMs", retryAfterMs);
        return of(ADMISSION_LIMIT, message, data, Disposition.ANSWERED);
    }

    /** -32602 naming a request key that was already used for a different request, HTTP 200. */
    public static McpException requestKeyConflict(String requestKey) {
        ObjectNode data = JSON.objectNode().put("requestKey", requestKey);
        return of(
                INVALID_PARAMS,
                "The request key '" + requestKey + "' was already used for a different request "
                        + "(another tool or other arguments); use a new key for a new request.",
                data,
                Disposition.ANSWERED);
    }

    /** An unknown resource, with {@code data.uri}, delivered with HTTP 200; {@code code} depends on the generation. */
    public static McpException resourceNotFound(int code, String message, String uri) {
        return of(code, message, JSON.objectNode().put("uri", uri), Disposition.ANSWERED);
    }

    /** An upstream's own JSON-RPC error, relayed with its code, delivered with HTTP 200. */
    public static McpException relayed(int code, String message) {
        return of(code, message, null, Disposition.ANSWERED);
    }

    /** -32603 delivered with HTTP 200 (the request was served; the work it asked for failed). */
    public static McpException internal(String message, JsonNode data) {
        return of(INTERNAL_ERROR, message, data, Disposition.ANSWERED);
    }

    /** -32603 with HTTP 503: a dependency did not answer in time. */
    public static McpException unavailable(String message) {
        return of(INTERNAL_ERROR, message, null, Disposition.UNAVAILABLE);
    }

    /** -32603 with HTTP 500 for an unexpected failure; carries only the correlation id, never internals. */
    public static McpException unexpected(String correlationId) {
        ObjectNode data = JSON.objectNode().put("correlationId", correlationId);
        return of(
                INTERNAL_ERROR,
                "Internal error; quote the correlation id when reporting it.",
                data,
                Disposition.INTERNAL);
    }

    /** -32600 with HTTP 403. */
    public static McpException forbidden(String message) {
        return of(INVALID_REQUEST, message, null, Disposition.FORBIDDEN);
    }

    /** -32600 with HTTP 401. */
    public static McpException unauthenticated(String message) {
        return of(INVALID_REQUEST, message, null, Disposition.UNAUTHENTICATED);
    }

    /** -32600 with HTTP 413. */
    public static McpException tooLarge(int limit) {
        return of(INVALID_REQUEST, "The body exceeds " + limit + " bytes.", null, Disposition.TOO_LARGE);
    }

    /**
     * -32021 naming the client capabilities a tool needs to ask its questions ({@code elicitation}, {@code sampling},
     * {@code roots}) as a {@code ClientCapabilities} object, HTTP 400 (§3 missing-capability rule).
     */
    public static McpException missingClientCapabilities(ObjectNode required) {
        ObjectNode data = JSON.objectNode();
        data.set("requiredCapabilities", required);
        return of(MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability", data, Disposition.REJECTED);
    }

    private static McpException of(int code, String message, JsonNode data, Disposition disposition) {
        return new McpException(new JsonRpcError(code, message, data), disposition);
    }
}
