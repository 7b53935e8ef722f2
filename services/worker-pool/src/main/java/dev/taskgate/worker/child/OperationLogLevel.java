package dev.taskgate.worker.child;

/**
 * The severity of an operation's log message, named as MCP names them ({@code LoggingLevel}, the syslog levels of
 * RFC 5424). The child runs on a classpath of its own without the wire contracts, so it has its own copy of the
 * names; the parent checks each one against the contract's {@code LogLevel} when it relays the message.
 */
public enum OperationLogLevel {
    DEBUG("debug"),
    INFO("info"),
    NOTICE("notice"),
    WARNING("warning"),
    ERROR("error"),
    CRITICAL("critical"),
    ALERT("alert"),
    EMERGENCY("emergency");

    private final String wireName;

    OperationLogLevel(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the child protocol line. */
    public String wireName() {
        return wireName;
    }
}
