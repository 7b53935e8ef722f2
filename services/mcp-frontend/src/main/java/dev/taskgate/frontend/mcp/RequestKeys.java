package dev.taskgate.frontend.mcp;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * Taskgate's MCP request key (issue 5 item 1), carried in {@code params._meta["dev.taskgate/requestKey"]} of a
 * {@code tools/call}: 1–256 characters. The same key with the same tool and arguments returns the same task (and the
 * same {@code taskId}); with another tool or other arguments it is -32602 naming the key.
 *
 * <p>Receipt namespace: the principal and the workspace (job-control scopes receipts by both), plus the workspace
 * roots. MCP 2026-07-28 carries no roots on a request (roots exist only as a {@code roots/list} input request, which
 * Taskgate does not issue), so the roots part is empty. Keys live under the {@code mcp-2026:k:} prefix, apart from
 * the keys the frontend derives for calls without one ({@code mcp-2026:<nonce>:<id digest>}).
 */
final class RequestKeys {
    /** The {@code _meta} member. */
    static final String META_KEY = "dev.taskgate/requestKey";
    /** The longest key, in characters (Unicode code points). */
    static final int MAX_LENGTH = 256;

    private static final String RECEIPT_PREFIX = "mcp-2026:k:";

    private RequestKeys() {}

    /** The request's key, if it sent one; a key that is not a string of 1–256 characters is -32602. */
    static Optional<String> read(JsonRpcRequest request) {
        JsonNode meta = request.params().path("_meta");
        JsonNode key = meta.get(META_KEY);
        if (key == null || key.isNull()) {
            return Optional.empty();
        }
        if (!key.isTextual()
                || key.asText().isEmpty()
                || key.asText().codePointCount(0, key.asText().length()) > MAX_LENGTH) {
            throw McpErrors.invalidParams(
                    field() + " must be a string of 1-" + MAX_LENGTH + " characters.",
                    JsonNodeFactory.instance.objectNode().put("field", field()));
        }
        return Optional.of(key.asText());
    }

    /** -32602 for a task-augmented call of a mutating tool without a key. */
    static McpException required(String toolName) {
        return McpErrors.invalidParams(
                field() + " is required for a task-augmented call of the mutating tool " + toolName + " (1-"
                        + MAX_LENGTH + " characters), so that a retry cannot apply it twice.",
                JsonNodeFactory.instance.objectNode().put("field", field()));
    }

    /** The receipt key job-control stores for a client's request key. */
    static String receiptKey(String requestKey) {
        return RECEIPT_PREFIX + requestKey;
    }

    private static String field() {
        return "params._meta[\"" + META_KEY + "\"]";
    }
}
