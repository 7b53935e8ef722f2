package dev.taskgate.frontend.mcp.legacy;

import dev.taskgate.frontend.support.Fixtures;

/** Tokens of the 2025-era tests. */
final class Fixtures2025 {
    private Fixtures2025() {}

    static String alice() {
        return Fixtures.aliceToken();
    }
}
