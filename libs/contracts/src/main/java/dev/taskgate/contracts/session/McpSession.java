package dev.taskgate.contracts.session;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.event.LogLevel;

/**
 * A live 2025-era MCP session as job-control's internal session API returns it (docs/mcp-frontend.md "2025-era
 * adapter"). Owner fields are not repeated: a session is only ever returned to its owner.
 *
 * @param protocolVersion    the protocol version negotiated in {@code initialize}
 * @param clientCapabilities the client's {@code capabilities} object from {@code initialize}
 * @param createdAt          when {@code initialize} created it
 * @param lastUsedAt         the last request that used it (this one included)
 * @param logLevel           the minimum level of log messages the client asked for with {@code logging/setLevel};
 *                           absent until it asks (then it gets none)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record McpSession(
        @JsonProperty("protocolVersion") String protocolVersion,
        @JsonProperty("clientCapabilities") JsonNode clientCapabilities,
        @JsonProperty("createdAt") Instant createdAt,
        @JsonProperty("lastUsedAt") Instant lastUsedAt,
        @JsonProperty("logLevel") LogLevel logLevel) {

    /** A session whose client has not asked for log messages. */
    public McpSession(String protocolVersion, JsonNode clientCapabilities, Instant createdAt, Instant lastUsedAt) {
        this(protocolVersion, clientCapabilities, createdAt, lastUsedAt, null);
    }
}
