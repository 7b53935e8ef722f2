package dev.taskgate.jobctl.execution.db;

/**
 * Free text reported by operations (status and error messages, error codes) as the execution's {@code text} columns
 * can hold it. PostgreSQL refuses U+0000 in {@code text}; left in, one such character would make every attempt to
 * store the report fail, and the report would end in the dead-letter topic instead of changing the execution. It is
 * stored as U+FFFD, the replacement character, like any character that cannot be represented.
 */
final class StoredText {

    static final char REPLACEMENT = '\uFFFD';

    private StoredText() {}

    /** {@code text} with every U+0000 replaced; {@code null} stays {@code null}. */
    static String of(String text) {
        return text == null || text.indexOf('\0') < 0 ? text : text.replace('\0', REPLACEMENT);
    }
}
