package dev.taskgate.frontend.mcp.compat;

import java.util.Objects;

/**
 * The answer of a compatibility tool: a {@code CallToolResult} as JSON object text, without any protocol
 * generation's envelope (a 2026-07-28 server adds {@code resultType}, a 2025-era one sends it as is). For a terminal
 * execution's {@code execution_get} it is the tool's stored result, byte for byte.
 *
 * @param json the {@code CallToolResult} text
 */
public record CompatResult(String json) {
    public CompatResult {
        Objects.requireNonNull(json, "json");
    }
}
