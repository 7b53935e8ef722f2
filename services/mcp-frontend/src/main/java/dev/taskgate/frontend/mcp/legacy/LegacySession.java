package dev.taskgate.frontend.mcp.legacy;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A live 2025-era session as one request sees it.
 *
 * @param id                 the {@code Mcp-Session-Id} (never stored: job-control keeps its hash); {@code null}
 *                           over stdio, where the connection is the session
 * @param protocolVersion    the negotiated protocol version
 * @param clientCapabilities the client's {@code initialize} capabilities
 */
public record LegacySession(String id, String protocolVersion, JsonNode clientCapabilities) {
}
