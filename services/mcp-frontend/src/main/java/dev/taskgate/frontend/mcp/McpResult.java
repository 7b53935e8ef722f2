package dev.taskgate.frontend.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

/**
 * The {@code result} member of a successful response: a tree built by the server, or raw JSON text written out
 * byte for byte (a tool's stored {@code CallToolResult}, see {@link CallToolResults}).
 */
public final class McpResult {
    private final ObjectNode tree;
    private final String raw;

    private McpResult(ObjectNode tree, String raw) {
        this.tree = tree;
        this.raw = raw;
    }

    /** A result built as a tree; it must already carry {@code resultType}. */
    public static McpResult of(ObjectNode tree) {
        return new McpResult(tree, null);
    }

    /** A result written as this exact JSON object text. */
    public static McpResult raw(String json) {
        return new McpResult(null, json);
    }

    /** The tree, or {@code null} for a raw result. */
    public ObjectNode tree() {
        return tree;
    }

    /** Sets {@code member} of {@code target} to this result without re-serialising raw text. */
    void writeInto(ObjectNode target, String member) {
        if (tree != null) {
            target.set(member, tree);
        } else {
            target.putRawValue(member, new RawValue(raw));
        }
    }
}
