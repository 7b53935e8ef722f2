package dev.taskgate.contracts;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which task surface a submission belongs to, for admission control: job-control bounds each surface only when
 * its switch is on ({@code jobctl.admission.native-tasks}, {@code jobctl.admission.compatibility}).
 */
public enum TaskSurface {
    /** Background executions: REST tool executions and MCP task-augmented {@code tools/call}. */
    NATIVE("native"),
    /** Callers without tasks: ordinary (synchronous) MCP {@code tools/call}, later the compatibility tools. */
    COMPATIBILITY("compatibility");

    private final String wireName;

    TaskSurface(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in JSON. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Parses a wire name; throws {@link IllegalArgumentException} for anything else. */
    public static TaskSurface fromWire(String name) {
        for (TaskSurface s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown task surface: " + name);
    }
}
