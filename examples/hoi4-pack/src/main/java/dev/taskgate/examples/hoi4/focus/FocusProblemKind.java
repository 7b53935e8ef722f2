package dev.taskgate.examples.hoi4.focus;

import java.util.Locale;

/** The kinds of problem the focus tools report. */
public enum FocusProblemKind {
    /** A focus or tree block without an {@code id}. */
    MISSING_ID,
    /** A focus id defined more than once across the mod. */
    DUPLICATE_ID,
    /** A tree id defined more than once. */
    DUPLICATE_TREE,
    /** A prerequisite, mutually exclusive or relative position reference to no focus of the tree. */
    UNKNOWN_FOCUS,
    /** A {@code shared_focus = ID} naming no shared focus. */
    UNKNOWN_SHARED_FOCUS,
    /** Focuses that require each other, directly or through others: none of them can ever be taken. */
    PREREQUISITE_CYCLE,
    /** Focuses positioned relative to each other in a loop: their positions cannot be resolved. */
    RELATIVE_POSITION_CYCLE;

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
