package dev.taskgate.operation.api;

/** The MCP log levels (RFC 5424 severities), least severe first. */
public enum ToolLogLevel {
    DEBUG,
    INFO,
    NOTICE,
    WARNING,
    ERROR,
    CRITICAL,
    ALERT,
    EMERGENCY
}
