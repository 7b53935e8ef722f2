package dev.taskgate.worker.child.upstream;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How to start a stdio upstream, from the {@code command} object of a run's {@code upstream}: the program and its
 * arguments (no shell), a working directory, and environment entries, which may hold secrets (never reported; {@link
 * UpstreamTarget#redact} scrubs them).
 *
 * @param argv             the program and its arguments
 * @param workingDirectory an absolute directory, or empty for the child's own
 * @param environment      the process's variables besides {@code PATH}
 */
record StdioCommand(List<String> argv, Optional<String> workingDirectory, Map<String, String> environment) {

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

    StdioCommand {
        argv = List.copyOf(argv);
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    /**
     * Reads and validates a {@code command} object.
     *
     * @throws IllegalArgumentException saying what is wrong; never quotes an environment value
     */
    static StdioCommand fromJson(JsonNode command) {
        if (!command.isObject()) {
            throw new IllegalArgumentException("upstream 'command' must be an object");
        }
        JsonNode argvNode = command.path("argv");
        if (!argvNode.isArray() || argvNode.isEmpty()) {
            throw new IllegalArgumentException("upstream 'command.argv' must be a non-empty array of strings");
        }
        List<String> argv = new ArrayList<>();
        for (JsonNode arg : argvNode) {
            if (!arg.isTextual() || arg.asText().indexOf('\0') >= 0) {
                throw new IllegalArgumentException("upstream 'command.argv' must hold strings without NUL");
            }
            argv.add(arg.asText());
        }
        if (argv.get(0).isBlank()) {
            throw new IllegalArgumentException("upstream 'command.argv' must start with a program");
        }
        Optional<String> directory = Optional.empty();
        JsonNode dir = command.get("workingDirectory");
        if (dir != null && !dir.isNull()) {
            if (!dir.isTextual() || !dir.asText().startsWith("/")) {
                throw new IllegalArgumentException("upstream 'command.workingDirectory' must be an absolute path");
            }
            directory = Optional.of(dir.asText());
        }
        Map<String, String> environment = new LinkedHashMap<>();
        JsonNode env = command.get("environment");
        if (env != null && !env.isNull()) {
            if (!env.isObject()) {
                throw new IllegalArgumentException("upstream 'command.environment' must be an object of strings");
            }
            for (Map.Entry<String, JsonNode> entry : env.properties()) {
                if (!VARIABLE.matcher(entry.getKey()).matches()) {
                    throw new IllegalArgumentException(
                            "upstream 'command.environment' has a bad variable name '" + entry.getKey() + "'");
                }
                // a value may be a secret: say what is wrong with it, never what it is
                if (!entry.getValue().isTextual() || entry.getValue().asText().indexOf('\0') >= 0) {
                    throw new IllegalArgumentException(
                            "upstream 'command.environment." + entry.getKey() + "' must be a string without NUL");
                }
                environment.put(entry.getKey(), entry.getValue().asText());
            }
        }
        return new StdioCommand(argv, directory, environment);
    }

    String program() {
        return argv.get(0);
    }

    @Override
    public String toString() {
        return "StdioCommand[program=" + program() + ", environment=" + environment.keySet() + "]";
    }
}
