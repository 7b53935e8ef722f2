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
 * @param connectionId       over stdio, a random id of the connection, never stored or shown, to which the ids of
 *                           server-to-client requests are bound ({@link ClientRequestIds}); {@code null} over HTTP
 */
public record Mcp2025Session(
        String id, String protocolVersion, JsonNode clientCapabilities, LogLevel logLevel, String connectionId) {

    /** A session whose client has not asked for log messages. */
    public Mcp2025Session(String id, String protocolVersion, JsonNode clientCapabilities) {
        this(id, protocolVersion, clientCapabilities, null, null);
    }

    /** A session over HTTP. */
    public Mcp2025Session(String id, String protocolVersion, JsonNode clientCapabilities, LogLevel logLevel) {
        this(id, protocolVersion, clientCapabilities, logLevel, null);
    }

    /** A stdio connection's session: nothing stored, the connection's own id binds its server-to-client requests. */
    public static Mcp2025Session ofConnection(
            String connectionId, String protocolVersion, JsonNode clientCapabilities) {
        return new Mcp2025Session(null, protocolVersion, clientCapabilities, null, connectionId);
    }

    /** The same session with another minimum log level. */
    public Mcp2025Session withLogLevel(LogLevel level) {
        return new Mcp2025Session(id, protocolVersion, clientCapabilities, level, connectionId);
    }

    /**
     * What the ids of this session's server-to-client requests are bound to: the session id over HTTP, the
     * connection's id over stdio; {@code null} when there is neither (nothing can be asked then).
     */
    public String clientRequestScope() {
        return id != null ? id : connectionId;
    }
}
