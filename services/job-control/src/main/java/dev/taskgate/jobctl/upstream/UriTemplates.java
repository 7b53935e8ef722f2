package dev.taskgate.jobctl.upstream;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a URI is one that an RFC 6570 URI template can expand to, for routing {@code resources/read} of a
 * resource that no listing named. Each expression matches what its operator can produce: a simple
 * {@code {var}} one path segment's worth (no {@code / ? #}), {@code {+var}} and {@code {#var}} anything, the
 * {@code / . ;} operators repeated prefixed segments and {@code ? &} a query. Literal text must match exactly.
 */
final class UriTemplates {
    private static final Pattern EXPRESSION = Pattern.compile("\\{([^}]*)}");

    private UriTemplates() {}

    /** Whether {@code uri} matches {@code template}; a template with an unclosed brace matches nothing. */
    static boolean matches(String template, String uri) {
        if (template.chars().filter(c -> c == '{').count()
                != template.chars().filter(c -> c == '}').count()) {
            return false;
        }
        StringBuilder regex = new StringBuilder();
        Matcher m = EXPRESSION.matcher(template);
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(template.substring(last, m.start())));
            regex.append(expression(m.group(1)));
            last = m.end();
        }
        regex.append(Pattern.quote(template.substring(last)));
        return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(uri).matches();
    }

    private static String expression(String body) {
        char operator = body.isEmpty() ? ' ' : body.charAt(0);
        switch (operator) {
            case '+':
            case '#':
                return ".*";
            case '/':
                return "(?:/[^/?#]*)*";
            case '.':
                return "(?:\\.[^/?#]*)*";
            case ';':
                return "(?:;[^/?#]*)*";
            case '?':
            case '&':
                return "(?:[?&][^#]*)?";
            default:
                return "[^/?#]*";
        }
    }
}
