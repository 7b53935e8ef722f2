package dev.taskgate.frontend.mcp.v2025;

import dev.taskgate.frontend.support.Fixtures;

/** Tokens of the 2025-era tests. */
final class Mcp2025Fixtures {
    private Mcp2025Fixtures() {}

    static String alice() {
        return Fixtures.aliceToken();
    }
}
