package dev.taskgate.contracts.upstream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/**
 * Reads the upstreams an operator configured ({@code taskgate.upstreams.file}, docs/gateway.md): a JSON object
 * {@code {"upstreams": [...]}}. Strict: an unknown field, a bad value or two upstreams with the same id or namespace
 * is an error naming the upstream, so that a service never starts with a half-understood configuration. A credential's
 * value is read from an environment variable or a file, never from the file itself.
 */
public final class UpstreamsFile {
    private static final Set<String> CREDENTIAL_FIELDS = Set.of("header", "prefix", "valueFromEnv", "valueFromFile");
    private static final Set<String> COMMAND_FIELDS = Set.of("argv", "workingDirectory", "environment");
    private static final Set<String> FROM_ENV_FIELDS = Set.of("valueFromEnv");

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
        return UpstreamJson.parse(
                entry, UpstreamJson.FILE_FIELDS, node -> credential(node, directory), node -> command(node, directory));
    }

    // a relative working directory is the upstreams file's, like a credential file; a value from the environment
    // keeps secrets out of the file
    private UpstreamCommand command(JsonNode node, Path directory) {
        UpstreamJson.requireObject(node, "command", COMMAND_FIELDS);
        if (!node.path("argv").isArray()) {
            throw new IllegalArgumentException(
                    "command.argv must be an array of strings: the program and its arguments");
        }
        List<String> argv = UpstreamJson.strings(node, "argv");
        Optional<String> workingDirectory = Optional.empty();
        if (node.hasNonNull("workingDirectory")) {
            Path path = Path.of(UpstreamJson.text(node, "workingDirectory", null));
            Path resolved = directory == null
                    ? path.toAbsolutePath()
                    : directory.resolve(path).toAbsolutePath();
            if (!Files.isDirectory(resolved)) {
                throw new IllegalArgumentException("command.workingDirectory " + resolved + " is not a directory");
            }
            workingDirectory = Optional.of(resolved.normalize().toString());
        }
        Map<String, String> variables = new LinkedHashMap<>();
        JsonNode environment = node.get("environment");
        if (environment != null && !environment.isNull()) {
            if (!environment.isObject()) {
                throw new IllegalArgumentException(
                        "command.environment must be an object: name → string or {\"valueFromEnv\": name}");
            }
            for (Map.Entry<String, JsonNode> variable : environment.properties()) {
                String name = variable.getKey();
                JsonNode value = variable.getValue();
                if (value.isTextual()) {
                    variables.put(name, value.asText());
                } else if (value.isObject()) {
                    UpstreamJson.requireObject(value, "command.environment." + name, FROM_ENV_FIELDS);
                    String from = UpstreamJson.text(value, "valueFromEnv", null);
                    String found = this.environment.apply(from);
                    if (found == null) {
                        throw new IllegalArgumentException(
                                "command.environment." + name + ": the environment variable " + from + " is not set");
                    }
                    variables.put(name, found);
                } else {
                    throw new IllegalArgumentException(
                            "command.environment." + name + " must be a string or {\"valueFromEnv\": name}");
                }
            }
        }
        return new UpstreamCommand(argv, workingDirectory, variables);
    }

    private UpstreamCredential credential(JsonNode node, Path directory) {
        UpstreamJson.requireObject(node, "credential", CREDENTIAL_FIELDS);
        String header = UpstreamJson.text(node, "header", "Authorization");
        String prefix = UpstreamJson.text(node, "prefix", "");
        boolean fromEnv = node.has("valueFromEnv");
        if (fromEnv == node.has("valueFromFile")) {
            throw new IllegalArgumentException("credential needs exactly one of valueFromEnv and valueFromFile");
        }
        String value;
        if (fromEnv) {
            String variable = UpstreamJson.text(node, "valueFromEnv", null);
            value = environment.apply(variable);
            if (value == null || value.isEmpty()) {
                throw new IllegalArgumentException("credential: the environment variable " + variable + " is not set");
            }
        } else {
            Path path = Path.of(UpstreamJson.text(node, "valueFromFile", null));
            Path resolved = directory == null ? path : directory.resolve(path);
            try {
                value = Files.readString(resolved, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw new IllegalArgumentException("credential: cannot read " + resolved + ": " + e.getMessage(), e);
            }
        }
        return new UpstreamCredential(header, prefix + value);
    }
}
