package dev.taskgate.contracts.upstream;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON form of one upstream, as the upstreams file and the operator API write it (docs/gateway.md): read strictly
 * (an unknown field or a bad value is an {@link IllegalArgumentException} saying which) and written back without the
 * credential's value. How a credential is read differs by source, so the caller supplies it.
 */
public final class UpstreamJson {
    /** Every field of an upstream, wherever it is declared. */
    public static final Set<String> FIELDS = Set.of(
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
            "refreshInterval",
            "promptNames",
            "relay");

    /** The fields of an upstream in the upstreams file: those of {@link #FIELDS} and a stdio {@code command}. */
    public static final Set<String> FILE_FIELDS = union(FIELDS, "command");

    private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");
    private static final Set<String> POLICY_FIELDS = Set.of("readOnly", "taskSupport", "handoff");

    /** Reads the {@code credential} member of an upstream. */
    @FunctionalInterface
    public interface CredentialReader {
        /** The credential {@code node} describes; an {@link IllegalArgumentException} when it is not one. */
        UpstreamCredential read(JsonNode node);
    }

    /** Reads the {@code command} member of a stdio upstream. */
    @FunctionalInterface
    public interface CommandReader {
        /** The command {@code node} describes; an {@link IllegalArgumentException} when it is not one. */
        UpstreamCommand read(JsonNode node);
    }

    private UpstreamJson() {}

    /**
     * Parses one upstream whose fields are among {@code allowed}; its credential (if any) by {@code credentials}. A
     * {@code command} is refused: stdio upstreams come from the upstreams file only.
     */
    public static UpstreamDefinition parse(JsonNode entry, Set<String> allowed, CredentialReader credentials) {
        return parse(entry, allowed, credentials, node -> {
            throw new IllegalArgumentException(STDIO_FILE_ONLY);
        });
    }

    private static Set<String> union(Set<String> fields, String field) {
        Set<String> all = new java.util.HashSet<>(fields);
        all.add(field);
        return Set.copyOf(all);
    }

    /** Why a {@code command} is refused anywhere but in the upstreams file. */
    public static final String STDIO_FILE_ONLY = "'command' (a stdio upstream) can be declared in the upstreams file"
            + " only; the operator API registers Streamable HTTP upstreams ('url')";

    /** As {@link #parse(JsonNode, Set, CredentialReader)}, a {@code command} read by {@code commands}. */
    public static UpstreamDefinition parse(
            JsonNode entry, Set<String> allowed, CredentialReader credentials, CommandReader commands) {
        requireObject(entry, "an upstream", allowed);
        String id = text(entry, "id", null);
        Optional<UpstreamCommand> command =
                entry.has("command") ? Optional.of(commands.read(entry.get("command"))) : Optional.empty();
        return new UpstreamDefinition(
                id,
                command.isPresent() && !entry.has("url") ? null : uri(text(entry, "url", null)),
                UpstreamProtocol.of(text(entry, "protocol", UpstreamProtocol.MCP_2025_11_25.version())),
                text(entry, "namespace", id),
                entry.has("credential") ? Optional.of(credentials.read(entry.get("credential"))) : Optional.empty(),
                strings(entry, "workspaces"),
                strings(entry, "allowedTools"),
                policies(entry.get("tools")),
                duration(entry, "connectTimeout", Duration.ofSeconds(5)),
                duration(entry, "callTimeout", Duration.ofMinutes(10)),
                entry.has("maxConcurrency") ? integer(entry, "maxConcurrency") : 16,
                duration(entry, "refreshInterval", Duration.ofMinutes(5)),
                command,
                PromptNames.of(text(entry, "promptNames", PromptNames.NAMESPACED.value())),
                entry.has("relay") ? Set.copyOf(strings(entry, "relay")) : UpstreamDefinition.RELAYABLE);
    }

    /**
     * {@code upstream} in the form {@link #parse} reads, every field written (but {@code promptNames} and {@code relay} only
     * when not the default), without {@code credential}: what is stored and shown of an upstream. Durations are ISO-8601.
     */
    public static ObjectNode write(UpstreamDefinition upstream) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("id", upstream.id());
        if (upstream.url() != null) {
            node.put("url", upstream.url().toString());
        }
        node.put("protocol", upstream.protocol().version());
        node.put("namespace", upstream.namespace());
        upstream.workspaces().forEach(node.putArray("workspaces")::add);
        upstream.allowedTools().forEach(node.putArray("allowedTools")::add);
        ObjectNode tools = node.putObject("tools");
        upstream.toolPolicies().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> {
                    ObjectNode policy = tools.putObject(e.getKey());
                    policy.put("readOnly", e.getValue().readOnly());
                    if (e.getValue().taskSupport() != null) {
                        policy.put("taskSupport", e.getValue().taskSupport());
                    }
                    if (e.getValue().handoff() != null) {
                        policy.put("handoff", e.getValue().handoff());
                    }
                });
        node.put("connectTimeout", upstream.connectTimeout().toString());
        node.put("callTimeout", upstream.callTimeout().toString());
        node.put("maxConcurrency", upstream.maxConcurrency());
        node.put("refreshInterval", upstream.refreshInterval().toString());
        if (upstream.promptNames() != PromptNames.NAMESPACED) {
            // only when set: a service of the previous version, reading a target during a rolling upgrade, refuses
            // members it does not know
            node.put("promptNames", upstream.promptNames().value());
        }
        if (!upstream.relays().equals(UpstreamDefinition.RELAYABLE)) {
            upstream.relays().stream().sorted().forEach(node.putArray("relay")::add);
        }
        upstream.command().ifPresent(command -> {
            ObjectNode written = node.putObject("command");
            command.argv().forEach(written.putArray("argv")::add);
            command.workingDirectory().ifPresent(d -> written.put("workingDirectory", d));
            // values may be secrets: shown as set, like a credential
            ObjectNode environment = written.putObject("environment");
            command.environment()
                    .keySet()
                    .forEach(name -> environment.putObject(name).put("set", true));
        });
        return node;
    }

    /** Refuses anything but an object whose fields are among {@code fields}. */
    public static void requireObject(JsonNode node, String what, Set<String> fields) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException(what + " must be a JSON object");
        }
        node.fieldNames().forEachRemaining(name -> {
            if (!fields.contains(name)) {
                throw new IllegalArgumentException(what + " has an unknown field '" + name + "'");
            }
        });
    }

    /** The string member {@code field}, or {@code fallback} when absent or null; required when the fallback is null. */
    public static String text(JsonNode node, String field, String fallback) {
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

    private static String optionalText(JsonNode node, String field) {
        return node.hasNonNull(field) ? text(node, field, null) : null;
    }

    /** The string array member {@code field}, or an empty list when absent. */
    public static List<String> strings(JsonNode node, String field) {
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
