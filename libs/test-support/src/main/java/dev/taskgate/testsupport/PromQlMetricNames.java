package dev.taskgate.testsupport;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression selects, for tests that hold dashboards and alert rules to what the services
 * export (deploy/grafana, deploy/prometheus). Label names, label values, durations, numbers, Grafana variables,
 * functions, aggregations and PromQL keywords are not metric names.
 */
public final class PromQlMetricNames {
    /** String literals: label values, regular expressions, label_replace arguments. */
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`");
    /** Label matchers: everything between braces (all strings are gone by now). */
    private static final Pattern MATCHERS = Pattern.compile("\\{[^{}]*}");
    /** Ranges, subqueries and their durations. */
    private static final Pattern RANGE = Pattern.compile("\\[[^\\[\\]]*]");
    /** Lists of label names after a grouping or vector-matching keyword. */
    private static final Pattern LABEL_LIST = Pattern.compile(
            "\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^()]*\\)", Pattern.CASE_INSENSITIVE);
    /** Grafana's template variables: $name, ${name}, ${name:format}, [[name]]. */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{[^}]*}|\\$\\w+|\\[\\[[^]]*]]");
    /** A duration outside brackets ({@code offset 5m}, {@code 1h30m}). */
    private static final Pattern DURATION =
            Pattern.compile("(?<![\\w:.])\\d+(?:ms|[smhdwy])(?:\\d+(?:ms|[smhdwy]))*(?![\\w:])");
    /** A number (so that 1e3 or 0x1f is not taken for an identifier). */
    private static final Pattern NUMBER =
            Pattern.compile("(?<![\\w:.])(0x[0-9a-fA-F]+|\\d+(\\.\\d*)?([eE][+-]?\\d+)?|\\.\\d+([eE][+-]?\\d+)?)");
    /** An identifier, and whether a parenthesis follows it (then it is a function or an aggregation). */
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w:.])([a-zA-Z_:][\\w:]*)(\\s*\\()?");

    private static final Set<String> KEYWORDS = Set.of(
            "and",
            "or",
            "unless",
            "bool",
            "offset",
            "by",
            "without",
            "on",
            "ignoring",
            "group_left",
            "group_right",
            "inf",
            "nan",
            "start",
            "end",
            "atan2");

    private PromQlMetricNames() {}

    /**
     * The metric names {@code expression} selects, sorted.
     *
     * @throws IllegalArgumentException when it selects by {@code __name__}, whose names this cannot see
     */
    public static Set<String> of(String expression) {
        if (expression.contains("__name__")) {
            throw new IllegalArgumentException("selects metrics by __name__, which cannot be checked: " + expression);
        }
        String rest = STRING.matcher(expression).replaceAll(" ");
        rest = VARIABLE.matcher(rest).replaceAll(" ");
        rest = MATCHERS.matcher(rest).replaceAll(" ");
        rest = RANGE.matcher(rest).replaceAll(" ");
        rest = LABEL_LIST.matcher(rest).replaceAll(" ");
        rest = DURATION.matcher(rest).replaceAll(" ");
        rest = NUMBER.matcher(rest).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(rest);
        while (m.find()) {
            String name = m.group(1);
            boolean called = m.group(2) != null;
            if (!called && !KEYWORDS.contains(name.toLowerCase(Locale.ROOT))) {
                names.add(name);
            }
        }
        return names;
    }
}
