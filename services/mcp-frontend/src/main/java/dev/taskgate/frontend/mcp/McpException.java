package dev.taskgate.frontend.mcp;

import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ends the handling of one MCP message with a JSON-RPC error. The {@link Disposition} says how a transport
 * delivers it (HTTP status on Streamable HTTP; stdio writes the error line whatever the disposition).
 */
public final class McpException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** How a transport must deliver the error (MCP 2026-07-28 §6.4 and §11). */
    public enum Disposition {
        /** The message was refused before being served: HTTP 400. */
        REJECTED(400),
        /** Authentication missing or invalid: HTTP 401. */
        UNAUTHENTICATED(401),
        /** Authenticated, but not allowed (scope, Origin): HTTP 403. */
        FORBIDDEN(403),
        /** Unknown, removed or unadvertised method: HTTP 404. */
        METHOD_NOT_FOUND(404),
        /** Body over the size limit: HTTP 413. */
        TOO_LARGE(413),
        /** Served, and the answer is an error (unknown tool, bad arguments, unknown task): HTTP 200. */
        ANSWERED(200),
        /** A dependency did not answer; retrying later may succeed: HTTP 503. */
        UNAVAILABLE(503),
        /** An unexpected failure on our side: HTTP 500. */
        INTERNAL(500);

        private final int httpStatus;

        Disposition(int httpStatus) {
            this.httpStatus = httpStatus;
        }

        /** The HTTP status of a Streamable HTTP response carrying the error. */
        public int httpStatus() {
            return httpStatus;
        }
    }

    private final transient JsonRpcError error;
    private final Disposition disposition;

    /** An error with this disposition. */
    public McpException(JsonRpcError error, Disposition disposition) {
        super(error.code() + " " + error.message(), null, false, false);
        this.error = Objects.requireNonNull(error, "error");
        this.disposition = Objects.requireNonNull(disposition, "disposition");
    }

    /** The JSON-RPC error object. */
    public JsonRpcError error() {
        return error;
    }

    /** How to deliver it. */
    public Disposition disposition() {
        return disposition;
    }

    /**
     * A JSON-RPC error object.
     *
     * @param code    the error code
     * @param message one concise sentence
     * @param data    optional details; {@code null} when absent
     */
    public record JsonRpcError(int code, String message, JsonNode data) {
        public JsonRpcError {
            Objects.requireNonNull(message, "message");
        }
    }
}
