package dev.taskgate.contracts.upstream;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How to start a stdio upstream (docs/gateway.md "Stdio upstreams"): a program and its arguments, run without a shell,
 * in a working directory, with an environment of its own. Declared in the upstreams file only, never through the
 * operator API. Environment values may be secrets: {@link #toString()} names the program and the variables only.
 *
 * @param argv             the program (a path, or a name looked up on {@code PATH}) and its arguments; not empty
 * @param workingDirectory an absolute directory to run in, or empty for the service's own
 * @param environment      variables set for the process, on top of the service's {@code PATH}
 */
public record UpstreamCommand(List<String> argv, Optional<String> workingDirectory, Map<String, String> environment) {

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

    public UpstreamCommand {
        argv = List.copyOf(argv == null ? List.of() : argv);
        if (argv.isEmpty() || argv.get(0).isBlank()) {
            throw new IllegalArgumentException("command.argv must start with the program to run");
        }
        if (argv.stream().anyMatch(a -> a.indexOf('\0') >= 0)) {
            throw new IllegalArgumentException("command.argv must not contain NUL characters");
        }
        workingDirectory = workingDirectory == null ? Optional.empty() : workingDirectory;
        workingDirectory.ifPresent(d -> {
            if (!d.startsWith("/")) {
                throw new IllegalArgumentException("command.workingDirectory must be absolute; got '" + d + "'");
            }
        });
        Objects.requireNonNull(environment, "environment");
        for (Map.Entry<String, String> entry : environment.entrySet()) {
            if (!VARIABLE.matcher(entry.getKey()).matches()) {
                throw new IllegalArgumentException(
                        "command.environment: '" + entry.getKey() + "' is not a variable name");
            }
            // the value may be a secret: say what is wrong with it, never what it is
            if (entry.getValue() == null || entry.getValue().indexOf('\0') >= 0) {
                throw new IllegalArgumentException(
                        "command.environment." + entry.getKey() + " must be a string without NUL characters");
            }
        }
        environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    /** The program this command runs. */
    public String program() {
        return argv.get(0);
    }

    @Override
    public String toString() {
        return "UpstreamCommand[program=" + program() + ", environment=" + environment.keySet() + "]";
    }
}
