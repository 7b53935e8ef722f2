package dev.taskgate.testsupport;

/**
 * Pieces of a JSON text as the server wrote them — the exact bytes, not a re-serialisation — for the tests that prove
 * a result is passed on byte for byte.
 */
public final class RawJson {
    private RawJson() {}

    /** The object that follows the first {@code marker}, e.g. {@code "result":}. */
    public static String memberAfter(String text, String marker) {
        int at = text.indexOf(marker);
        if (at < 0) {
            throw new AssertionError("no " + marker + " in " + text);
        }
        return objectAt(text, at + marker.length());
    }

    /** The stored result inside a {@code tasks/get} answer, which nests it as {@code result.result}. */
    public static String resultOfTask(String text) {
        int outer = text.indexOf("\"result\":");
        int inner = text.indexOf("\"result\":", outer + 1);
        if (outer < 0 || inner < 0) {
            throw new AssertionError("no nested \"result\": in " + text);
        }
        return objectAt(text, inner + "\"result\":".length());
    }

    /** The object that starts at {@code start}, up to its closing brace. */
    public static String objectAt(String text, int start) {
        int depth = 0;
        boolean inString = false;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return text.substring(start, i + 1);
            }
        }
        throw new AssertionError("unbalanced JSON: " + text);
    }
}
