package dev.taskgate.worker.child.ops.workspace;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** The pattern a workspace search or rewrite looks for: a literal or a Java regex, case-sensitive or not. */
final class TextPattern {
    private TextPattern() {}

    /**
     * @param query         the text or regex; never empty
     * @param mode          {@code literal} (default) or {@code regex}
     * @param caseSensitive whether case matters
     * @throws IllegalArgumentException for an empty query, an unknown mode or a regex that does not compile, with a
     *                                  message fit for the caller
     */
    static Pattern compile(String query, String mode, boolean caseSensitive) {
        if (query == null || query.isEmpty()) {
            throw new IllegalArgumentException("the search text must not be empty");
        }
        int flags = caseSensitive ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
        switch (mode == null ? "literal" : mode) {
            case "literal":
                return Pattern.compile(Pattern.quote(query), flags);
            case "regex":
                try {
                    Pattern pattern = Pattern.compile(query, flags | Pattern.MULTILINE);
                    if (pattern.matcher("").matches()) {
                        throw new IllegalArgumentException("the regex " + query + " matches the empty text; give one "
                                + "that needs at least one character");
                    }
                    return pattern;
                } catch (PatternSyntaxException e) {
                    throw new IllegalArgumentException(
                            "invalid regex: " + e.getDescription() + " near index " + e.getIndex() + " of " + query);
                }
            default:
                throw new IllegalArgumentException("mode must be 'literal' or 'regex', not '" + mode + "'");
        }
    }
}
