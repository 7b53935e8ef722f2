package dev.taskgate.frontend.problem;

/**
 * How a value the client sent is quoted back in an error: at most {@value #MAX_CODE_POINTS} code points (then
 * {@code …}), control characters and unpaired surrogates replaced by U+FFFD. A body may carry a name of nearly a
 * mebibyte; an error should not send it back twice, nor break the JSON or a log line that quotes it.
 */
public final class Echo {
    /** Most code points quoted. */
    public static final int MAX_CODE_POINTS = 100;

    private Echo() {}

    /** The excerpt of {@code value} to quote. */
    public static String excerpt(String value) {
        StringBuilder out = new StringBuilder();
        int count = 0;
        for (int i = 0; i < value.length(); count++) {
            if (count == MAX_CODE_POINTS) {
                return out.append('…').toString();
            }
            int codePoint = value.codePointAt(i);
            boolean unquotable = Character.isISOControl(codePoint)
                    || Character.getType(codePoint) == Character.SURROGATE; // only an unpaired one reaches here
            out.appendCodePoint(unquotable ? 0xFFFD : codePoint);
            i += Character.charCount(codePoint);
        }
        return out.toString();
    }
}
