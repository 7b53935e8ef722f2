package dev.taskgate.contracts.upstream;

import java.util.Arrays;

/**
 * The MCP protocol generation Taskgate speaks to an upstream, as registered: one of the two generations, or
 * {@link #NEGOTIATE}, which discovery resolves to one of them.
 */
public enum UpstreamProtocol {
    /** The stateful 2025-era protocol with core tasks. */
    MCP_2025_11_25("2025-11-25"),
    /** The stateless protocol with the {@code io.modelcontextprotocol/tasks} extension. */
    MCP_2026_07_28("2026-07-28"),
    /**
     * Whichever of the two the upstream speaks: discovery asks {@code server/discover} first and falls back to
     * {@code initialize}; the generation found travels with the upstream's tools to the workers.
     */
    NEGOTIATE("negotiate");

    private final String version;

    UpstreamProtocol(String version) {
        this.version = version;
    }

    /** The {@code protocolVersion} string ({@code negotiate} for {@link #NEGOTIATE}, never sent to an upstream). */
    public String version() {
        return version;
    }

    /** The generation named by {@code version}. */
    public static UpstreamProtocol of(String version) {
        return Arrays.stream(values())
                .filter(p -> p.version.equals(version))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "protocol must be 2025-11-25, 2026-07-28 or negotiate; got " + version));
    }
}
