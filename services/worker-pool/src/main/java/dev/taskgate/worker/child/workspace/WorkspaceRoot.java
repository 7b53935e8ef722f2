package dev.taskgate.worker.child.workspace;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One directory of a workspace. Workspace paths start with the root's name: {@code "<name>/<relative/path>"}.
 *
 * @param name      unique within the workspace; no {@code /}, not {@code .} or {@code ..}, not hidden
 * @param directory an absolute directory
 */
public record WorkspaceRoot(String name, Path directory) {

    public WorkspaceRoot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(directory, "directory");
        if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
            throw new IllegalArgumentException("a workspace root name must be a non-empty path segment that does not "
                    + "start with '.': '" + name + "'");
        }
        if (!directory.isAbsolute()) {
            throw new IllegalArgumentException(
                    "workspace root " + name + " must be an absolute directory: " + directory);
        }
        directory = directory.normalize();
    }
}
