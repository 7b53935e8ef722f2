import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operator's dead-letter commands (docs/kafka.md "Dead-letter topics") against the operator API of
 * mcp-frontend. JDK only, run as a single-file program by {@code bin/taskgate dlq}:
 *
 * <pre>
 * java tools/dead-letters/DeadLetters.java list [--topic T] [--json]
 * java tools/dead-letters/DeadLetters.java replay TOPIC PARTITION OFFSET [--force]
 * </pre>
 *
 * Environment: {@code TASKGATE_OPERATOR_TOKEN} (a token with scope {@code deadletters:admin} for the deployment's
 * operator project, required), {@code TASKGATE_OPERATOR_WORKSPACE} ({@code <org>/<project>}, default
 * {@code taskgate/operator}) and {@code TASKGATE_URL} (default {@code http://127.0.0.1:8080}). Exit status 0 on
 * success, 1 when the API refuses (its problem detail on stderr), 2 on a usage error.
 */
public final class DeadLetters {
    /** Pages a list follows at most (100 records each). */
    static final int MAX_PAGES = 1000;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private final String token;
    private final PrintStream out;

    DeadLetters(String url, String workspace, String token, PrintStream out) {
        String[] parts = workspace.split("/", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new UsageException("TASKGATE_OPERATOR_WORKSPACE must be <org>/<project>");
        }
        this.base = url.replaceAll("/+$", "") + "/v1/orgs/" + encode(parts[0]) + "/projects/" + encode(parts[1])
                + "/operator/dead-letters";
        this.token = token;
        this.out = out;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        String token = System.getenv("TASKGATE_OPERATOR_TOKEN");
        try {
            if (token == null || token.isEmpty()) {
                throw new UsageException("TASKGATE_OPERATOR_TOKEN is not set");
            }
            DeadLetters tool = new DeadLetters(
                    env("TASKGATE_URL", "http://127.0.0.1:8080"),
                    env("TASKGATE_OPERATOR_WORKSPACE", "taskgate/operator"),
                    token,
                    System.out);
            System.exit(tool.run(List.of(args)));
        } catch (UsageException e) {
            System.err.println("dlq: " + e.getMessage());
            System.err.println("usage: dlq list [--topic T] [--json] | dlq replay TOPIC PARTITION OFFSET [--force]");
            System.exit(2);
        }
    }

    int run(List<String> args) throws IOException, InterruptedException {
        if (args.isEmpty()) {
            throw new UsageException("no command");
        }
        List<String> rest = args.subList(1, args.size());
        switch (args.get(0)) {
            case "list":
                return list(rest);
            case "replay":
                return replay(rest);
            default:
                throw new UsageException("unknown command " + args.get(0));
        }
    }

    private int list(List<String> args) throws IOException, InterruptedException {
        String topic = null;
        boolean json = false;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("--json")) {
                json = true;
            } else if (args.get(i).equals("--topic") && i + 1 < args.size()) {
                topic = args.get(++i);
            } else {
                throw new UsageException("unexpected argument " + args.get(i));
            }
        }
        List<Object> items = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            String query = "?limit=100" + (topic == null ? "" : "&topic=" + encode(topic))
                    + (cursor == null ? "" : "&cursor=" + encode(cursor));
            HttpResponse<String> response =
                    send(HttpRequest.newBuilder(URI.create(base + query)).GET());
            if (response.statusCode() != 200) {
                return refused(response);
            }
            Map<?, ?> body = (Map<?, ?>) Json.parse(response.body());
            items.addAll((List<?>) body.get("items"));
            cursor = (String) body.get("next_cursor");
            if (cursor == null) {
                break;
            }
        }
        if (json) {
            Map<String, Object> all = new LinkedHashMap<>();
            all.put("items", items);
            out.println(Json.write(all));
            return 0;
        }
        out.printf("%-40s %9s %9s  %-18s %7s  %s%n", "TOPIC", "PARTITION", "OFFSET", "TYPE", "REPLAYS", "REASON");
        for (Object item : items) {
            Map<?, ?> d = (Map<?, ?>) item;
            out.printf(
                    "%-40s %9s %9s  %-18s %7s  %s%n",
                    d.get("topic"),
                    d.get("partition"),
                    d.get("offset"),
                    d.get("message_type") == null ? "-" : d.get("message_type"),
                    d.get("replays"),
                    d.get("reason") == null ? "-" : oneLine(d.get("reason").toString()));
        }
        out.println(items.size() + " dead-lettered record" + (items.size() == 1 ? "" : "s"));
        return 0;
    }

    private int replay(List<String> args) throws IOException, InterruptedException {
        List<String> positional = new ArrayList<>();
        boolean force = false;
        for (String a : args) {
            if (a.equals("--force")) {
                force = true;
            } else {
                positional.add(a);
            }
        }
        if (positional.size() != 3) {
            throw new UsageException("replay needs TOPIC PARTITION OFFSET");
        }
        String path = "/" + encode(positional.get(0)) + "/" + encode(positional.get(1)) + "/"
                + encode(positional.get(2)) + "/replay" + (force ? "?force=true" : "");
        HttpResponse<String> response =
                send(HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.noBody()));
        if (response.statusCode() != 200) {
            return refused(response);
        }
        for (Object item : (List<?>) ((Map<?, ?>) Json.parse(response.body())).get("items")) {
            Map<?, ?> r = (Map<?, ?>) item;
            out.printf(
                    "replayed %s/%s/%s to %s at %s (replay %s)%n",
                    r.get("topic"),
                    r.get("partition"),
                    r.get("offset"),
                    r.get("source_topic"),
                    r.get("replayed_to"),
                    r.get("replays"));
        }
        return 0;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(
                request.header("Authorization", "Bearer " + token)
                        .header("Accept", "application/json")
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static int refused(HttpResponse<String> response) {
        String detail = response.body();
        try {
            Map<?, ?> problem = (Map<?, ?>) Json.parse(response.body());
            detail = problem.get("title") + (problem.get("detail") == null ? "" : ": " + problem.get("detail"));
        } catch (RuntimeException e) {
            // not a problem body: shown as it came
        }
        System.err.println("dlq: HTTP " + response.statusCode() + " " + detail);
        return 1;
    }

    private static String oneLine(String text) {
        String line = text.replaceAll("\\s+", " ");
        return line.length() > 100 ? line.substring(0, 100) + "…" : line;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A wrong use of the command. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** Just enough JSON for the operator API's bodies: objects, arrays, strings, numbers, booleans, null. */
    static final class Json {
        private final String text;
        private int at;

        private Json(String text) {
            this.text = text;
        }

        static Object parse(String text) {
            Json json = new Json(text);
            Object value = json.value();
            json.space();
            if (json.at != text.length()) {
                throw json.error("trailing characters");
            }
            return value;
        }

        static String write(Object value) {
            StringBuilder out = new StringBuilder();
            write(value, out);
            return out.toString();
        }

        private static void write(Object value, StringBuilder out) {
            if (value instanceof Map<?, ?> map) {
                out.append('{');
                String sep = "";
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    out.append(sep);
                    write(e.getKey(), out);
                    out.append(':');
                    write(e.getValue(), out);
                    sep = ",";
                }
                out.append('}');
            } else if (value instanceof List<?> list) {
                out.append('[');
                String sep = "";
                for (Object v : list) {
                    out.append(sep);
                    write(v, out);
                    sep = ",";
                }
                out.append(']');
            } else if (value instanceof String s) {
                out.append('"');
                for (char c : s.toCharArray()) {
                    if (c == '"' || c == '\\') {
                        out.append('\\').append(c);
                    } else if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
                out.append('"');
            } else {
                out.append(value);
            }
        }

        private Object value() {
            space();
            if (at >= text.length()) {
                throw error("unexpected end");
            }
            char c = text.charAt(at);
            if (c == '{') {
                Map<String, Object> map = new LinkedHashMap<>();
                at++;
                space();
                if (peek('}')) {
                    return map;
                }
                do {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    map.put(key, value());
                    space();
                } while (peek(','));
                expect('}');
                return map;
            }
            if (c == '[') {
                List<Object> list = new ArrayList<>();
                at++;
                space();
                if (peek(']')) {
                    return list;
                }
                do {
                    list.add(value());
                    space();
                } while (peek(','));
                expect(']');
                return list;
            }
            if (c == '"') {
                return string();
            }
            for (String word : new String[] {"true", "false", "null"}) {
                if (text.startsWith(word, at)) {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            if (start == at) {
                throw error("unexpected character");
            }
            String number = text.substring(start, at);
            return number.matches("-?\\d+") ? (Object) Long.valueOf(number) : (Object) Double.valueOf(number);
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (at < text.length()) {
                char c = text.charAt(at++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char e = text.charAt(at++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(e);
                }
            }
            throw error("unterminated string");
        }

        private void space() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        private boolean peek(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw error("expected '" + c + "'");
            }
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("malformed JSON at " + at + ": " + what);
        }
    }
}
