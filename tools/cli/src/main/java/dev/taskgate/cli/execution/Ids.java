package dev.taskgate.cli.execution;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/** Identifiers the user types, checked before they become part of a route. */
public final class Ids {
    private Ids() {}

    /** {@code id} as one path segment; anything that would change the route is refused. */
    public static String segment(String id) {
        if (id == null
                || id.isEmpty()
                || id.length() > 256
                || !id.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.')
                || id.equals(".")
                || id.equals("..")) {
            throw new CliException(ExitCodes.USAGE, "Not an identifier: '" + id + "'.");
        }
        return id;
    }

    /** {@code value} encoded for a query string. */
    public static String queryValue(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
