package dev.taskgate.operation.api;

import java.util.List;
import java.util.Optional;

/**
 * Read access to the caller's workspace: the directories worker-pool registered for the execution's organization and
 * project. Paths are workspace paths, {@code <root name>/<relative path>} with {@code /} separators. Symbolic links
 * that leave a root are never followed.
 */
public interface WorkspaceReader {

    /** Every readable regular file of the workspace, sorted; files over the workspace's size limit are left out. */
    List<String> files();

    /**
     * The content of one file.
     *
     * @return empty when the path names no readable regular file inside the workspace
     * @throws IllegalArgumentException when the path is malformed (absolute, {@code ..}, unknown root)
     */
    Optional<byte[]> read(String workspacePath);
}
