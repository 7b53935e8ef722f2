package dev.taskgate.examples.hoi4.event;

import java.util.Locale;

/** The kinds of problem {@code hoi4.event_inspect} reports. */
public enum EventProblemKind {
    /** An event block, or a block-form firing effect, without an {@code id}. */
    MISSING_ID,
    /** An event id defined more than once. */
    DUPLICATE_ID,
    /** An effect fires an event that no file defines. */
    UNKNOWN_EVENT,
    /** An event id whose namespace no file declares. */
    UNDECLARED_NAMESPACE;

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
