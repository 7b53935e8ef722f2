package dev.taskgate.contracts.session;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Body of {@code PUT /internal/v1/mcp-sessions/{idHash}}: what {@code initialize} negotiated.
 *
 * @param protocolVersion    the negotiated protocol version
 * @param clientCapabilities the client's {@code capabilities} object
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OpenMcpSession(
        @JsonProperty("protocolVersion") String protocolVersion,
        @JsonProperty("clientCapabilities") JsonNode clientCapabilities) {}
