package dev.taskgate.worker.child.upstream;

/** The upstream tool's {@code execution.taskSupport} from its {@code tools/list} entry (MCP 2025-11-25). */
public enum TaskSupport {
    FORBIDDEN("forbidden"),
    OPTIONAL("optional"),
    REQUIRED("required");

    private final String wireValue;

    TaskSupport(String wireValue) {
        this.wireValue = wireValue;
    }

    /** The value as the protocol spells it. */
    public String wireValue() {
        return wireValue;
    }

    /** Whether the call is made as a task ({@code params.task}). */
    boolean callsAsTask() {
        return this != FORBIDDEN;
    }

    static TaskSupport parse(String value) {
        for (TaskSupport support : values()) {
            if (support.wireValue.equals(value)) {
                return support;
            }
        }
        throw new IllegalArgumentException(
                "upstream 'taskSupport' must be forbidden, optional or required, not '" + value + "'");
    }
}
