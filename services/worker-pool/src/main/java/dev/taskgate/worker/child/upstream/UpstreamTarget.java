package dev.taskgate.worker.child.upstream;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The upstream tool one run calls, from the {@code upstream} object of the child's {@code run} message. The headers
 * carry credentials: they are sent to the upstream and nowhere else ({@link #toString()} leaves them out, and
 * {@link #redact(String)} scrubs them from any text the child reports).
 *
 * @param id           the upstream's registered id, for messages
 * @param url          the Streamable HTTP endpoint (http or https); {@code null} for a stdio upstream
 * @param protocol     the MCP protocol version to ask for in {@code initialize}
 * @param tool         the upstream's own tool name (without Taskgate's namespace)
 * @param headers      extra request headers, e.g. {@code Authorization}
 * @param connectTimeout how long to wait for a TCP connection
 * @param callTimeout  how long the whole call may take, polling of a remote task included
 * @param taskSupport  the tool's {@code execution.taskSupport}
 * @param command      for a stdio upstream, the command that starts it (instead of {@code url})
 * @param paramHeaders for a 2026-07-28 upstream, the arguments its tool wants repeated as {@code Mcp-Param-*} headers
 * @param relays       the client capabilities the call declares ({@code elicitation}, {@code sampling},
 *                     {@code roots}); a request of another kind from the upstream is refused, not relayed
 * @param address      the address worker-pool's network check found for the URL's host: the connection goes there,
 *                     never to a second resolution (docs/gateway.md "Network policy"); empty: the host is resolved
 *                     when connecting
 */
public record UpstreamTarget(
        String id,
        URI url,
        String protocol,
        String tool,
        Map<String, String> headers,
        Duration connectTimeout,
        Duration callTimeout,
        TaskSupport taskSupport,
        Optional<StdioCommand> command,
        List<ParamHeader> paramHeaders,
        Optional<InetAddress> address,
        Set<String> relays) {

    /** An argument, by its path of property names from {@code arguments}, sent as {@code Mcp-Param-<header>}. */
    public record ParamHeader(List<String> path, String header) {
        public ParamHeader {
            path = List.copyOf(path);
        }

        /** The full header name. */
        public String headerName() {
            return "Mcp-Param-" + header;
        }
    }

    /** The protocol versions this client speaks with a session (Streamable HTTP, {@code initialize}). */
    public static final Set<String> PROTOCOLS = Set.of("2025-03-26", "2025-06-18", "2025-11-25");

    /** The client capabilities a call can declare: what the child relays to the caller. */
    static final Set<String> RELAYABLE = Set.of("elicitation", "sampling", "roots");

    /** The first version with core tasks. */
    static final String TASKS_PROTOCOL = "2025-11-25";

    /** The stateless protocol with the tasks extension ({@link StatelessCall}). */
    static final String STATELESS_PROTOCOL = "2026-07-28";

    static final long DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
    static final long DEFAULT_CALL_TIMEOUT_MS = 600_000;
    private static final long MAX_TIMEOUT_MS = Duration.ofDays(7).toMillis();

    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    /** Headers the client sets itself, or that the JDK client refuses. */
    private static final Set<String> RESERVED_HEADERS = Set.of(
            "accept",
            "content-type",
            "content-length",
            "connection",
            "expect",
            "host",
            "upgrade",
            "mcp-session-id",
            "mcp-protocol-version",
            "mcp-method",
            "mcp-name",
            "last-event-id");

    public UpstreamTarget {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        command = command == null ? Optional.empty() : command;
        paramHeaders = List.copyOf(paramHeaders == null ? List.of() : paramHeaders);
        address = address == null ? Optional.empty() : address;
    }

    /**
     * Reads and validates the {@code upstream} object.
     *
     * @throws IllegalArgumentException saying what is wrong; never quotes a header value
     */
    public static UpstreamTarget fromJson(JsonNode upstream) {
        if (upstream == null || !upstream.isObject()) {
            throw new IllegalArgumentException("'upstream' must be an object");
        }
        String id = requiredText(upstream, "id");
        Optional<StdioCommand> command = upstream.hasNonNull("command")
                ? Optional.of(StdioCommand.fromJson(upstream.get("command")))
                : Optional.empty();
        if (command.isPresent() && upstream.hasNonNull("url")) {
            throw new IllegalArgumentException("upstream has both 'url' and 'command'; give one");
        }
        URI url = command.isPresent() ? null : url(requiredText(upstream, "url"));
        String protocol = requiredText(upstream, "protocol");
        if (!PROTOCOLS.contains(protocol) && !protocol.equals(STATELESS_PROTOCOL)) {
            throw new IllegalArgumentException("upstream protocol '" + protocol + "' is unknown; supported: "
                    + String.join(", ", PROTOCOLS.stream().sorted().toList()) + ", " + STATELESS_PROTOCOL);
        }
        if (command.isPresent() && protocol.equals(STATELESS_PROTOCOL)) {
            // the stateless client (StatelessCall) speaks Streamable HTTP only
            throw new IllegalArgumentException(
                    "a stdio upstream speaks a protocol with a session; " + STATELESS_PROTOCOL + " needs a 'url'");
        }
        String tool = requiredText(upstream, "tool");
        Map<String, String> headers = headers(upstream.get("headers"));
        if (command.isPresent() && !headers.isEmpty()) {
            throw new IllegalArgumentException("a stdio upstream takes no 'headers'");
        }
        Duration connectTimeout = timeout(upstream, "connectTimeoutMs", DEFAULT_CONNECT_TIMEOUT_MS);
        Duration callTimeout = timeout(upstream, "callTimeoutMs", DEFAULT_CALL_TIMEOUT_MS);
        JsonNode support = upstream.get("taskSupport");
        TaskSupport taskSupport;
        if (support == null || support.isNull()) {
            taskSupport = TaskSupport.FORBIDDEN;
        } else if (support.isTextual()) {
            taskSupport = TaskSupport.parse(support.asText());
        } else {
            throw new IllegalArgumentException("upstream 'taskSupport' must be a string");
        }
        if (taskSupport.callsAsTask() && !protocol.equals(TASKS_PROTOCOL) && !protocol.equals(STATELESS_PROTOCOL)) {
            throw new IllegalArgumentException("upstream taskSupport '" + taskSupport.wireValue() + "' needs protocol "
                    + TASKS_PROTOCOL + " or " + STATELESS_PROTOCOL + ", not " + protocol);
        }
        List<ParamHeader> paramHeaders = paramHeaders(upstream.get("paramHeaders"));
        if (!paramHeaders.isEmpty() && !protocol.equals(STATELESS_PROTOCOL)) {
            throw new IllegalArgumentException("upstream 'paramHeaders' need protocol " + STATELESS_PROTOCOL);
        }
        Optional<InetAddress> address = address(upstream.get("address"));
        if (command.isPresent() && address.isPresent()) {
            throw new IllegalArgumentException("a stdio upstream takes no 'address'");
        }
        return new UpstreamTarget(
                id,
                url,
                protocol,
                tool,
                headers,
                connectTimeout,
                callTimeout,
                taskSupport,
                command,
                paramHeaders,
                address,
                relays(upstream.get("relay")));
    }

    /** The client capabilities to declare: {@code relay}'s names, all three when absent. */
    private static Set<String> relays(JsonNode relay) {
        if (relay == null || relay.isNull()) {
            return RELAYABLE;
        }
        if (!relay.isArray()) {
            throw new IllegalArgumentException("upstream 'relay' must be an array of capability names");
        }
        Set<String> relays = new java.util.HashSet<>();
        for (JsonNode name : relay) {
            if (!name.isTextual() || !RELAYABLE.contains(name.asText())) {
                throw new IllegalArgumentException(
                        "upstream 'relay' names elicitation, sampling and roots only; got " + name);
            }
            relays.add(name.asText());
        }
        return Set.copyOf(relays);
    }

    /** Whether the call declares the client capability {@code capability} and relays such requests to the caller. */
    public boolean relays(String capability) {
        return relays.contains(capability);
    }

    /** {@code text} with every header value replaced, for anything the child reports or logs. */
    public String redact(String text) {
        if (text == null) {
            return null;
        }
        String redacted = text;
        for (String value : headers.values()) {
            if (!value.isEmpty()) {
                redacted = redacted.replace(value, "[redacted]");
            }
        }
        if (command.isPresent()) {
            for (String value : command.get().environment().values()) {
                if (!value.isEmpty()) {
                    redacted = redacted.replace(value, "[redacted]");
                }
            }
        }
        return redacted;
    }

    /** Whether the upstream speaks the stateless generation (no session; the tasks extension for tasks). */
    boolean isStateless() {
        return protocol.equals(STATELESS_PROTOCOL);
    }

    /** Names the upstream and its tool, for messages. */
    String describe() {
        return "upstream '" + id + "' tool '" + tool + "'";
    }

    @Override
    public String toString() {
        return "UpstreamTarget[id=" + id + ", "
                + command.map(c -> "command=" + c.program()).orElse("url=" + url)
                + address.map(a -> ", address=" + a.getHostAddress()).orElse("")
                + ", protocol=" + protocol + ", tool=" + tool + ", headers="
                + headers.keySet() + ", taskSupport=" + taskSupport.wireValue() + "]";
    }

    private static String requiredText(JsonNode upstream, String field) {
        JsonNode value = upstream.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("upstream needs a non-empty string '" + field + "'");
        }
        return value.asText();
    }

    private static URI url(String text) {
        URI url;
        try {
            url = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("upstream 'url' is not a URI: " + e.getReason());
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("upstream 'url' must be http or https");
        }
        if (url.getHost() == null || url.getHost().isEmpty()) {
            throw new IllegalArgumentException("upstream 'url' needs a host");
        }
        if (url.getRawUserInfo() != null) {
            throw new IllegalArgumentException("upstream 'url' must not carry user info; use 'headers'");
        }
        if (url.getRawFragment() != null) {
            throw new IllegalArgumentException("upstream 'url' must not have a fragment");
        }
        return url;
    }

    // an address literal only: the child never resolves a name the parent did not check
    private static Optional<InetAddress> address(JsonNode address) {
        if (address == null || address.isNull()) {
            return Optional.empty();
        }
        String text = address.isTextual() ? address.asText() : "";
        boolean literal = !text.isEmpty()
                && text.chars().allMatch(c -> c == '.' || c == ':' || Character.digit(c, 16) >= 0)
                && (text.indexOf(':') >= 0 || text.chars().allMatch(c -> c == '.' || Character.isDigit(c)));
        if (!literal) {
            throw new IllegalArgumentException("upstream 'address' must be an IP address literal");
        }
        try {
            return Optional.of(InetAddress.getByName(text));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("upstream 'address' must be an IP address literal");
        }
    }

    private static Map<String, String> headers(JsonNode headers) {
        Map<String, String> result = new LinkedHashMap<>();
        if (headers == null || headers.isNull()) {
            return result;
        }
        if (!headers.isObject()) {
            throw new IllegalArgumentException("upstream 'headers' must be an object of strings");
        }
        for (Map.Entry<String, JsonNode> field : headers.properties()) {
            String name = field.getKey();
            if (!HEADER_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("upstream header name '" + name + "' is not an HTTP token");
            }
            if (RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("upstream header '" + name + "' is set by Taskgate itself");
            }
            JsonNode value = field.getValue();
            // the value is a credential: say what is wrong with it, never what it is
            if (!value.isTextual()) {
                throw new IllegalArgumentException("upstream header '" + name + "' must have a string value");
            }
            if (value.asText().chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw new IllegalArgumentException("upstream header '" + name + "' has a line break in its value");
            }
            result.put(name, value.asText());
        }
        return result;
    }

    private static List<ParamHeader> paramHeaders(JsonNode marks) {
        List<ParamHeader> result = new ArrayList<>();
        if (marks == null || marks.isNull()) {
            return result;
        }
        if (!marks.isArray()) {
            throw new IllegalArgumentException("upstream 'paramHeaders' must be an array");
        }
        for (JsonNode mark : marks) {
            JsonNode header = mark.path("header");
            if (!header.isTextual() || !HEADER_NAME.matcher(header.asText()).matches()) {
                throw new IllegalArgumentException("upstream 'paramHeaders' need a 'header' that is an HTTP token");
            }
            List<String> path = new ArrayList<>();
            mark.path("path").forEach(member -> path.add(member.isTextual() ? member.asText() : null));
            if (path.isEmpty() || path.contains(null)) {
                throw new IllegalArgumentException(
                        "upstream 'paramHeaders' need a 'path' of property names for " + header.asText());
            }
            result.add(new ParamHeader(path, header.asText()));
        }
        return result;
    }

    private static Duration timeout(JsonNode upstream, String field, long defaultMillis) {
        JsonNode value = upstream.get(field);
        if (value == null || value.isNull()) {
            return Duration.ofMillis(defaultMillis);
        }
        if (!value.canConvertToLong()
                || !value.isIntegralNumber()
                || value.asLong() < 1
                || value.asLong() > MAX_TIMEOUT_MS) {
            throw new IllegalArgumentException(
                    "upstream '" + field + "' must be an integer from 1 to " + MAX_TIMEOUT_MS + " (milliseconds)");
        }
        return Duration.ofMillis(value.asLong());
    }
}
