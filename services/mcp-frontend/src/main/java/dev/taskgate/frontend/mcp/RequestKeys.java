package dev.taskgate.frontend.mcp;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * Taskgate's MCP request key (issue 5 item 1; for the 2025-era adapter issue 20 item 6), carried in
 * {@code params._meta["dev.taskgate/requestKey"]} of a {@code tools/call}: 1–256 characters. The same key with the same tool and arguments returns the same task (and the
 * same {@code taskId}); with another tool or other arguments it is -32602 naming the key.
 *
 * <p>Receipt namespace: the principal and the workspace (job-control scopes receipts by both), plus the workspace
 * roots. MCP 2026-07-28 carries no roots on a request (roots exist only as a {@code roots/list} input request, which
 * Taskgate does not issue), so the roots part is empty. Keys live under the {@code mcp-2026:k:} prefix, apart from
 * the keys the frontend derives for calls without one ({@code mcp-2026:<nonce>:<id digest>}).
 */
public final class RequestKeys {
    /** The {@code _meta} member. */
    public static final String META_KEY = "dev.taskgate/requestKey";
    /** The longest key, in characters (Unicode code points). */
    static final int MAX_LENGTH = 256;

    private static final String RECEIPT_PREFIX = "mcp-2026:k:";
    private static final String RECEIPT_PREFIX_2025 = "mcp-2025:k:";

    private RequestKeys() {}

    /** The request's key, if it sent one; a key that is not a string of 1–256 characters is -32602. */
    public static Optional<String> read(JsonRpcRequest request) {
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
    public static McpException required(String toolName) {
        return McpErrors.invalidParams(
                field() + " is required for a task-augmented call of the mutating tool " + toolName + " (1-"
                        + MAX_LENGTH + " characters), so that a retry cannot apply it twice.",
                JsonNodeFactory.instance.objectNode().put("field", field()));
    }

    /** The receipt key job-control stores for a client's request key. */
    static String receiptKey(String requestKey) {
        return RECEIPT_PREFIX + requestKey;
    }

    /**
     * The receipt key job-control stores for a 2025-era client's request key: a key space of its own, since a task of
     * one generation is not visible through the other's task methods.
     */
    public static String receiptKey2025(String requestKey) {
        return RECEIPT_PREFIX_2025 + requestKey;
    }

    /** How a tool's description tells 2025-era clients about the key (they have no other place to learn it). */
    public static String describedFor2025(String description) {
        String note = "Task-augmented calls of this tool need a request key: params._meta[\"" + META_KEY + "\"] (1-"
                + MAX_LENGTH + " characters); a retry with the same key and arguments returns the same task.";
        return description == null || description.isEmpty() ? note : description + " " + note;
    }

    private static String field() {
        return "params._meta[\"" + META_KEY + "\"]";
    }
}
