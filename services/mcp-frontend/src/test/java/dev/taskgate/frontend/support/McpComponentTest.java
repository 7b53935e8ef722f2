package dev.taskgate.frontend.support;

import java.net.URI;

import io.quarkus.test.common.http.TestHTTPResource;

import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpTestClient;

/** Base of the component tests of {@code /mcp}: the application under test and Alice's MCP client of it. */
public abstract class McpComponentTest {
    /** The application's root. */
    @TestHTTPResource("/")
    protected URI base;

    /** Alice's MCP client of the application under test. */
    protected McpTestClient client() {
        return Fixtures.mcp(base);
    }

    /** Alice's stateless 2026-07-28 requests. */
    protected Mcp2026Client mcp() {
        return client().v2026();
    }

    /** Alice's 2025-era sessions. */
    protected Mcp2025Client mcp2025() {
        return client().v2025();
    }
}
