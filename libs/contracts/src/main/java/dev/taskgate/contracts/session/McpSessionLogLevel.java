package dev.taskgate.contracts.session;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Body of {@code PUT /internal/v1/mcp-sessions/{idHash}/log-level}: what {@code logging/setLevel} asked for.
 *
 * @param level the minimum level, an MCP {@code LoggingLevel} name ({@code debug} … {@code emergency})
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record McpSessionLogLevel(@JsonProperty("level") String level) {}
