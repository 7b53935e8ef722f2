package dev.taskgate.contracts;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The states of a durable execution as they appear on the wire. The transition rules live in
 * job-control's state machine, the only writer of execution state.
 */
public enum ExecutionStatus {
    QUEUED("queued"),
    WORKING("working"),
    INPUT_REQUIRED("input_required"),
    COMPLETED("completed"),
    FAILED("failed"),
    CANCELLED("cancelled");

    private final String wireName;

    ExecutionStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The lower-case name used in JSON and in the database. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Terminal states never change. */
    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }

    /** Parses a wire name; throws {@link IllegalArgumentException} for anything else. */
    public static ExecutionStatus fromWire(String name) {
        for (ExecutionStatus s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown execution status: " + name);
    }
}
