package dev.taskgate.worker.pool.sandbox;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Finds the programs the sandbox needs ({@code prlimit}, {@code setpriv}, {@code getent}) on the worker's PATH. */
public final class HostTools {
    private final String path;

    /** @param environment the worker's environment; its {@code PATH} is searched */
    public HostTools(Map<String, String> environment) {
        this.path = environment.getOrDefault("PATH", ChildEnvironment.DEFAULT_PATH);
    }

    /**
     * The environment of the short programs run at startup: the search path only. A probe may run as the child user,
     * and another process of that user could read its environment.
     */
    Map<String, String> probeEnvironment() {
        return Map.of("PATH", path);
    }

    /** The first executable file named {@code name} on the path. */
    public Optional<Path> find(String name) {
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * Like {@link #find}, but a missing program is a configuration error.
     *
     * @param why the setting or feature that needs it, for the message
     */
    public Path require(String name, String why) {
        return find(name)
                .orElseThrow(() -> new IllegalStateException(
                        name + " is not on the worker's PATH (" + path + "); " + why + " needs it"));
    }
}
