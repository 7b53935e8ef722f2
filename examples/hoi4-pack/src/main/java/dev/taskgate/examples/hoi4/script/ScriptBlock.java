package dev.taskgate.examples.hoi4.script;

import java.util.List;
import java.util.Optional;

/**
 * The contents of a {@code { ... }} block (or of a whole file): its entries and its bare values, each in the order
 * written. A list such as {@code { a b c }} has three values and no entries.
 *
 * @param line where the opening brace is (1 for a file)
 * @param column where the opening brace is (1 for a file)
 */
public record ScriptBlock(List<ScriptEntry> entries, List<ScriptValue> values, int line, int column)
        implements ScriptValue {

    public ScriptBlock {
        entries = List.copyOf(entries);
        values = List.copyOf(values);
    }

    /** Every entry with this key, in order. */
    public List<ScriptEntry> all(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).toList();
    }

    /** Every block-valued entry with this key, in order. */
    public List<ScriptBlock> blocks(String key) {
        return entries.stream()
                .filter(e -> e.key().equals(key))
                .flatMap(e -> e.block().stream())
                .toList();
    }

    /** Every scalar-valued entry's text with this key, in order. */
    public List<String> scalars(String key) {
        return entries.stream()
                .filter(e -> e.key().equals(key))
                .flatMap(e -> e.scalar().stream())
                .map(ScriptScalar::text)
                .toList();
    }

    /** The first scalar-valued entry with this key. */
    public Optional<ScriptScalar> scalar(String key) {
        return entries.stream()
                .filter(e -> e.key().equals(key))
                .flatMap(e -> e.scalar().stream())
                .findFirst();
    }

    /** Whether the first scalar with this key is {@code yes}. */
    public boolean isYes(String key) {
        return scalar(key).map(s -> s.text().equals("yes")).orElse(false);
    }
}
