package dev.taskgate.frontend.mcp.v2025;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.event.LogLevel;

/**
 * A live 2025-era session as one request sees it.
 *
 * @param id                 the {@code Mcp-Session-Id} (never stored: job-control keeps its hash); {@code null}
 *                           over stdio, where the connection is the session
 * @param protocolVersion    the negotiated protocol version
 * @param clientCapabilities the client's {@code initialize} capabilities
 * @param logLevel           the minimum level of log messages {@code logging/setLevel} asked for; {@code null}
 *                           until the client asks (it then receives none)
 */
public record Mcp2025Session(String id, String protocolVersion, JsonNode clientCapabilities, LogLevel logLevel) {

    /** A session whose client has not asked for log messages. */
    public Mcp2025Session(String id, String protocolVersion, JsonNode clientCapabilities) {
        this(id, protocolVersion, clientCapabilities, null);
    }

    /** The same session with another minimum log level. */
    public Mcp2025Session withLogLevel(LogLevel level) {
        return new Mcp2025Session(id, protocolVersion, clientCapabilities, level);
    }
}
