package dev.taskgate.frontend.mcp;

/**
 * Whether a tool may run as a task of the {@code io.modelcontextprotocol/tasks} extension. The 2026-07-28
 * {@code Tool} has no wire field for this, so it is server-side policy (reported under the tool's {@code _meta}).
 */
public enum TaskPolicy {
    /** Always answered synchronously, even when the request declares the extension. */
    FORBIDDEN("forbidden"),
    /** A task when the request declares the extension, a synchronous call otherwise. */
    OPTIONAL("optional"),
    /** Only as a task: a request without the extension gets {@code -32021}. */
    REQUIRED("required");

    private final String wireName;

    TaskPolicy(String wireName) {
        this.wireName = wireName;
    }

    /** The policy with this lower-case name, as the operation catalog's {@code taskSupport} spells it. */
    public static TaskPolicy fromWireName(String wireName) {
        for (TaskPolicy policy : values()) {
            if (policy.wireName.equals(wireName)) {
                return policy;
            }
        }
        throw new IllegalArgumentException("unknown task policy: " + wireName);
    }

    /** The lower-case name used in configuration and in {@code tools/list}. */
    public String wireName() {
        return wireName;
    }
}
