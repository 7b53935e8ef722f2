package dev.taskgate.examples.hoi4.script;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A single value: a bare word, a quoted string (escapes resolved), a number or a date.
 *
 * @param text the value as written, without quotes
 * @param quoted whether it was a quoted string (a quoted {@code "1"} is text, not a number)
 */
public record ScriptScalar(String text, boolean quoted, int line, int column) implements ScriptValue {
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)");
    private static final Pattern DATE = Pattern.compile("\\d{1,5}\\.\\d{1,2}\\.\\d{1,2}(\\.\\d{1,2})?");

    public ScriptScalar {
        if (text == null) {
            throw new IllegalArgumentException("text is required");
        }
    }

    public boolean isNumber() {
        return !quoted && NUMBER.matcher(text).matches();
    }

    /** A game date such as {@code 1936.1.1} (optionally with an hour, {@code 1936.1.1.12}). */
    public boolean isDate() {
        return !quoted && DATE.matcher(text).matches();
    }

    /** The numeric value, when {@link #isNumber()}. */
    public Optional<Double> number() {
        return isNumber() ? Optional.of(Double.parseDouble(text)) : Optional.empty();
    }
}
