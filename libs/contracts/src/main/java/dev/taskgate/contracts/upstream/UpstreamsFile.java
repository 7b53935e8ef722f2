package dev.taskgate.contracts.upstream;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/**
 * Reads the upstreams an operator configured ({@code taskgate.upstreams.file}, docs/gateway.md): a JSON object
 * {@code {"upstreams": [...]}}. Strict: an unknown field, a bad value or two upstreams with the same id or namespace
 * is an error naming the upstream, so that a service never starts with a half-understood configuration. A credential's
 * value is read from an environment variable or a file, never from the file itself.
 */
public final class UpstreamsFile {
    private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");
    private static final Set<String> UPSTREAM_FIELDS = Set.of(
            "id",
            "url",
            "protocol",
            "namespace",
            "credential",
            "workspaces",
            "allowedTools",
            "tools",
            "connectTimeout",
            "callTimeout",
            "maxConcurrency",
            "refreshInterval");
    private static final Set<String> CREDENTIAL_FIELDS = Set.of("header", "prefix", "valueFromEnv", "valueFromFile");
    private static final Set<String> POLICY_FIELDS = Set.of("readOnly", "taskSupport", "handoff");

    private final UnaryOperator<String> environment;

    /** @param environment looks an environment variable up ({@code System::getenv} in services) */
    public UpstreamsFile(UnaryOperator<String> environment) {
        this.environment = environment;
    }

    /** The upstreams of {@code file}, or none when no file is configured. */
    public static List<UpstreamDefinition> load(Optional<Path> file) {
        return file.map(f -> new UpstreamsFile(System::getenv).read(f)).orElse(List.of());
    }

    /** Reads and checks {@code file}. */
    public List<UpstreamDefinition> read(Path file) {
        JsonNode root;
        try {
            root = Wire.mapper().readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the upstreams file " + file + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject() || !root.path("upstreams").isArray() || root.size() != 1) {
            throw new IllegalStateException(
                    "the upstreams file " + file + " must be a JSON object with one array 'upstreams'");
        }
        List<UpstreamDefinition> upstreams = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Set<String> namespaces = new HashSet<>();
        int index = 0;
        for (JsonNode entry : root.get("upstreams")) {
            String where = "upstreams[" + index++ + "] of " + file;
            UpstreamDefinition upstream;
            try {
                upstream = parse(entry, file.getParent());
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(where + ": " + e.getMessage(), e);
            }
            if (!ids.add(upstream.id())) {
                throw new IllegalStateException(where + ": the id " + upstream.id() + " is used twice");
            }
            if (!namespaces.add(upstream.namespace())) {
                throw new IllegalStateException(where + ": the namespace " + upstream.namespace() + " is used twice");
            }
            upstreams.add(upstream);
        }
        return List.copyOf(upstreams);
    }

    private UpstreamDefinition parse(JsonNode entry, Path directory) {
        requireObject(entry, "an upstream", UPSTREAM_FIELDS);
        String id = text(entry, "id", null);
        return new UpstreamDefinition(
                id,
                uri(text(entry, "url", null)),
                UpstreamProtocol.of(text(entry, "protocol", UpstreamProtocol.MCP_2025_11_25.version())),
                text(entry, "namespace", id),
                entry.has("credential")
                        ? Optional.of(credential(entry.get("credential"), directory))
                        : Optional.empty(),
                strings(entry, "workspaces"),
                strings(entry, "allowedTools"),
                policies(entry.get("tools")),
                duration(entry, "connectTimeout", Duration.ofSeconds(5)),
                duration(entry, "callTimeout", Duration.ofMinutes(10)),
                entry.has("maxConcurrency") ? integer(entry, "maxConcurrency") : 16,
                duration(entry, "refreshInterval", Duration.ofMinutes(5)));
    }

    private UpstreamCredential credential(JsonNode node, Path directory) {
        requireObject(node, "credential", CREDENTIAL_FIELDS);
        String header = text(node, "header", "Authorization");
        String prefix = text(node, "prefix", "");
        boolean fromEnv = node.has("valueFromEnv");
        if (fromEnv == node.has("valueFromFile")) {
            throw new IllegalArgumentException("credential needs exactly one of valueFromEnv and valueFromFile");
        }
        String value;
        if (fromEnv) {
            String variable = text(node, "valueFromEnv", null);
            value = environment.apply(variable);
            if (value == null || value.isEmpty()) {
                throw new IllegalArgumentException("credential: the environment variable " + variable + " is not set");
            }
        } else {
            Path path = Path.of(text(node, "valueFromFile", null));
            Path resolved = directory == null ? path : directory.resolve(path);
            try {
                value = Files.readString(resolved, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw new IllegalArgumentException("credential: cannot read " + resolved + ": " + e.getMessage(), e);
            }
        }
        return new UpstreamCredential(header, prefix + value);
    }

    private static Map<String, ToolPolicy> policies(JsonNode tools) {
        Map<String, ToolPolicy> policies = new LinkedHashMap<>();
        if (tools == null) {
            return policies;
        }
        if (!tools.isObject()) {
            throw new IllegalArgumentException("tools must be an object: upstream tool name → policy");
        }
        for (Map.Entry<String, JsonNode> field : tools.properties()) {
            JsonNode policy = field.getValue();
            requireObject(policy, "the policy of tool " + field.getKey(), POLICY_FIELDS);
            if (policy.has("readOnly") && !policy.get("readOnly").isBoolean()) {
                throw new IllegalArgumentException("tools." + field.getKey() + ".readOnly must be true or false");
            }
            try {
                policies.put(
                        field.getKey(),
                        new ToolPolicy(
                                policy.path("readOnly").asBoolean(false),
                                optionalText(policy, "taskSupport"),
                                optionalText(policy, "handoff")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("tools." + field.getKey() + ": " + e.getMessage(), e);
            }
        }
        return policies;
    }

    private static void requireObject(JsonNode node, String what, Set<String> fields) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException(what + " must be a JSON object");
        }
        node.fieldNames().forEachRemaining(name -> {
            if (!fields.contains(name)) {
                throw new IllegalArgumentException(what + " has an unknown field '" + name + "'");
            }
        });
    }

    private static String text(JsonNode node, String field, String fallback) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            if (fallback == null) {
                throw new IllegalArgumentException("'" + field + "' is required");
            }
            return fallback;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException("'" + field + "' must be a string");
        }
        return value.asText();
    }

    private static String optionalText(JsonNode node, String field) {
        return node.hasNonNull(field) ? text(node, field, null) : null;
    }

    private static List<String> strings(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            return List.of();
        }
        List<String> strings = new ArrayList<>();
        if (!value.isArray()) {
            throw new IllegalArgumentException("'" + field + "' must be an array of strings");
        }
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw new IllegalArgumentException("'" + field + "' must be an array of strings");
            }
            strings.add(item.asText());
        }
        return strings;
    }

    private static int integer(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (!value.canConvertToInt() || !value.isIntegralNumber()) {
            throw new IllegalArgumentException("'" + field + "' must be an integer");
        }
        return value.asInt();
    }

    private static URI uri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'url' is not a URL: " + e.getMessage(), e);
        }
    }

    private static Duration duration(JsonNode node, String field, Duration fallback) {
        if (!node.has(field)) {
            return fallback;
        }
        return parseDuration(text(node, field, null), field);
    }

    /** Parses {@code 500ms}, {@code 5s}, {@code 10m}, {@code 1h} or ISO-8601 ({@code PT5S}). */
    static Duration parseDuration(String text, String field) {
        Matcher short_ = SHORT_DURATION.matcher(text);
        if (short_.matches()) {
            long amount = Long.parseLong(short_.group(1));
            return switch (short_.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            };
        }
        try {
            return Duration.parse(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "'" + field + "' must be a duration like 500ms, 5s, 10m, 1h or PT5S; got '" + text + "'");
        }
    }
}
