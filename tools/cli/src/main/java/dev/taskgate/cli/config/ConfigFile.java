package dev.taskgate.cli.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * {@code config.toml}: the subset of TOML the command line reads (docs/cli.md, "Profiles"). Comments ({@code #}),
 * blank lines, one top-level key {@code default_profile}, tables {@code [profiles.NAME]}, and {@code key = "string"}
 * (basic strings with the TOML escapes) or {@code key = 'string'} (literal strings). Anything else — other value
 * types, arrays, inline tables, unknown keys — is refused with its line number, so that a typo never passes
 * silently.
 *
 * @param defaultProfile the profile used when none is named; may be null
 * @param profiles       profile name → its keys, in file order
 */
public record ConfigFile(String defaultProfile, Map<String, Map<String, String>> profiles) {
    /** The keys a profile may have. */
    public static final Set<String> PROFILE_KEYS =
            Set.of("url", "webhooks_url", "org", "project", "token_env", "token_file", "token_command");

    private static final String PROFILES_PREFIX = "profiles.";

    /** An empty configuration: no default profile, no profiles. */
    public static ConfigFile empty() {
        return new ConfigFile(null, Map.of());
    }

    /** Parses the text of a configuration file; {@code source} names it in error messages. */
    public static ConfigFile parse(String text, String source) {
        String defaultProfile = null;
        Map<String, Map<String, String>> profiles = new LinkedHashMap<>();
        Map<String, String> current = null;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNumber = i + 1;
            String line = stripComment(lines[i]).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]") || line.startsWith("[[")) {
                    throw error(source, lineNumber, "a table header is [profiles.NAME]");
                }
                String table = line.substring(1, line.length() - 1).strip();
                if (!table.startsWith(PROFILES_PREFIX)) {
                    throw error(source, lineNumber, "only [profiles.NAME] tables are read, not [" + table + "]");
                }
                String name =
                        unquoteKey(table.substring(PROFILES_PREFIX.length()).strip(), source, lineNumber);
                if (profiles.containsKey(name)) {
                    throw error(source, lineNumber, "profile '" + name + "' is defined twice");
                }
                current = new LinkedHashMap<>();
                profiles.put(name, current);
                continue;
            }
            int equals = line.indexOf('=');
            if (equals < 0) {
                throw error(source, lineNumber, "expected key = \"value\"");
            }
            String key = unquoteKey(line.substring(0, equals).strip(), source, lineNumber);
            String value = parseString(line.substring(equals + 1).strip(), source, lineNumber);
            if (current == null) {
                if (!"default_profile".equals(key)) {
                    throw error(source, lineNumber, "unknown top-level key '" + key + "' (only default_profile)");
                }
                defaultProfile = value;
            } else {
                if (!PROFILE_KEYS.contains(key)) {
                    throw error(
                            source,
                            lineNumber,
                            "unknown profile key '" + key + "' (known: "
                                    + String.join(
                                            ", ", PROFILE_KEYS.stream().sorted().toList()) + ")");
                }
                if (current.putIfAbsent(key, value) != null) {
                    throw error(source, lineNumber, "key '" + key + "' is set twice");
                }
            }
        }
        return new ConfigFile(defaultProfile, profiles);
    }

    // A '#' starts a comment unless it is inside a string.
    private static String stripComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == 0) {
                if (c == '#') {
                    return line.substring(0, i);
                }
                if (c == '"' || c == '\'') {
                    quote = c;
                }
            } else if (c == '\\' && quote == '"') {
                i++;
            } else if (c == quote) {
                quote = 0;
            }
        }
        return line;
    }

    private static String unquoteKey(String key, String source, int lineNumber) {
        if (key.length() >= 2 && (key.startsWith("\"") || key.startsWith("'"))) {
            return parseString(key, source, lineNumber);
        }
        if (key.isEmpty() || !key.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '-')) {
            throw error(source, lineNumber, "a bare key is letters, digits, '_' and '-': '" + key + "'");
        }
        return key;
    }

    private static String parseString(String value, String source, int lineNumber) {
        if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
            String inner = value.substring(1, value.length() - 1);
            if (inner.indexOf('\'') >= 0) {
                throw error(source, lineNumber, "a literal string cannot contain '");
            }
            return inner;
        }
        if (value.length() < 2 || !value.startsWith("\"") || !value.endsWith("\"")) {
            throw error(source, lineNumber, "values are strings in double or single quotes");
        }
        StringBuilder out = new StringBuilder();
        String inner = value.substring(1, value.length() - 1);
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '"') {
                throw error(source, lineNumber, "an unescaped \" inside a string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i >= inner.length()) {
                throw error(source, lineNumber, "a string ends with a lone backslash");
            }
            char escaped = inner.charAt(i);
            switch (escaped) {
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'u' -> {
                    if (i + 4 >= inner.length()) {
                        throw error(source, lineNumber, "\\u needs four hex digits");
                    }
                    try {
                        out.append((char) Integer.parseInt(inner.substring(i + 1, i + 5), 16));
                    } catch (NumberFormatException e) {
                        throw error(source, lineNumber, "\\u needs four hex digits");
                    }
                    i += 4;
                }
                default -> throw error(source, lineNumber, "unknown escape \\" + escaped);
            }
        }
        return out.toString();
    }

    private static CliException error(String source, int lineNumber, String message) {
        return new CliException(ExitCodes.CONFIG, source + ":" + lineNumber + ": " + message);
    }
}
