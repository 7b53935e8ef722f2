package dev.taskgate.contracts.upstream;

import java.util.Arrays;

/** The MCP protocol generation Taskgate speaks to an upstream. */
public enum UpstreamProtocol {
    /** The stateful 2025-era protocol with core tasks. */
    MCP_2025_11_25("2025-11-25"),
    /** The stateless protocol with the {@code io.modelcontextprotocol/tasks} extension. */
    MCP_2026_07_28("2026-07-28");

    private final String version;

    UpstreamProtocol(String version) {
        this.version = version;
    }

    /** The {@code protocolVersion} string. */
    public String version() {
        return version;
    }

    /** The generation named by {@code version}. */
    public static UpstreamProtocol of(String version) {
        return Arrays.stream(values())
                .filter(p -> p.version.equals(version))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("protocol must be 2025-11-25 or 2026-07-28; got " + version));
    }
}
