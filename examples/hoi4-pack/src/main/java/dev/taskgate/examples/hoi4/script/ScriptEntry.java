package dev.taskgate.examples.hoi4.script;

import java.util.Optional;

/**
 * One {@code key <operator> value} inside a block, at the position of its key.
 *
 * @param key the key as written (without quotes when it was quoted)
 */
public record ScriptEntry(String key, Operator operator, ScriptValue value, int line, int column) {

    public ScriptEntry {
        if (key == null || operator == null || value == null) {
            throw new IllegalArgumentException("key, operator and value are required");
        }
    }

    /** The value when it is a scalar. */
    public Optional<ScriptScalar> scalar() {
        return value instanceof ScriptScalar scalar ? Optional.of(scalar) : Optional.empty();
    }

    /** The value when it is a block. */
    public Optional<ScriptBlock> block() {
        return value instanceof ScriptBlock block ? Optional.of(block) : Optional.empty();
    }
}
