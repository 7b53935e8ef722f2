package dev.taskgate.contracts;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The API generation an execution was created through. A handle minted for one surface is
 * rejected by the others.
 */
public enum Surface {
    REST("rest"),
    MCP_2025("mcp-2025"),
    MCP_2026("mcp-2026");

    private final String wireName;

    Surface(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in JSON and in the database. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Parses a wire name; throws {@link IllegalArgumentException} for anything else. */
    public static Surface fromWire(String name) {
        for (Surface s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown surface: " + name);
    }
}
