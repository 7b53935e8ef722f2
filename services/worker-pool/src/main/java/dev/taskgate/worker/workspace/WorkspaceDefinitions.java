package dev.taskgate.worker.workspace;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

/**
 * Turns one {@code taskgate.worker.workspaces.<key>} entry into a {@link Workspace}, checking everything a child
 * relies on: an {@code <org>/<project>} id, absolute existing directories with unique names, reference patterns that
 * compile with exactly one capture group, a positive size limit. Every failure names the key and what to fix.
 */
public final class WorkspaceDefinitions {
    private WorkspaceDefinitions() {}

    /**
     * @param key               the map key (the id unless {@code id} is given)
     * @param id                the explicit id, if any
     * @param roots             {@code /path} or {@code name=/path} entries
     * @param referencePatterns the regexes, or empty for {@link Workspace#DEFAULT_REFERENCE_PATTERNS}
     * @param maxFileBytes      the size limit
     * @throws IllegalArgumentException naming {@code taskgate.worker.workspaces.<key>} and the problem
     */
    public static Workspace define(
            String key,
            Optional<String> id,
            List<String> roots,
            Optional<List<String>> referencePatterns,
            long maxFileBytes) {
        String prefix = "taskgate.worker.workspaces.\"" + key + "\"";
        String workspaceId = id.orElse(key).trim();
        try {
            if (roots.isEmpty()) {
                throw new IllegalArgumentException("roots: at least one directory is required");
            }
            List<WorkspaceRoot> parsed = new ArrayList<>();
            for (String entry : roots) {
                parsed.add(root(entry.trim()));
            }
            List<String> patterns =
                    referencePatterns.filter(p -> !p.isEmpty()).orElse(Workspace.DEFAULT_REFERENCE_PATTERNS);
            return new Workspace(workspaceId, parsed, Workspace.compile(workspaceId, patterns), maxFileBytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(prefix + " is invalid: " + e.getMessage(), e);
        }
    }

    private static WorkspaceRoot root(String entry) {
        int equals = entry.indexOf('=');
        String location = equals > 0 ? entry.substring(equals + 1).trim() : entry;
        Path directory;
        try {
            directory = Path.of(location);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("root '" + entry + "' is not a path: " + e.getMessage());
        }
        if (!directory.isAbsolute()) {
            throw new IllegalArgumentException("root '" + entry + "' must be an absolute path");
        }
        directory = directory.normalize();
        if (!Files.exists(directory)) {
            throw new IllegalArgumentException("root '" + entry + "' does not exist");
        }
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("root '" + entry + "' is not a directory");
        }
        String name = equals > 0
                ? entry.substring(0, equals).trim()
                : directory.getFileName() == null ? "" : directory.getFileName().toString();
        return new WorkspaceRoot(name, directory);
    }
}
