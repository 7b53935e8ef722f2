package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Asks the kernel, not the permission bits, whether the child user can reach a path: a probe ({@code test}) runs as
 * that user, exactly as the child will (same ids, no supplementary groups), so ACLs, parent directories and mount
 * options all count.
 */
final class UserAccess {
    private final ChildUser user;
    private final Path setpriv;
    private final Path test;
    private final Map<String, String> environment;

    UserAccess(ChildUser user, HostTools tools) {
        this.user = user;
        this.setpriv = tools.require("setpriv", "taskgate.worker.child.user");
        this.test = tools.require("test", "checking what the child user can read");
        this.environment = tools.probeEnvironment();
    }

    /** A file the user can read, or a directory it can list and enter. */
    boolean canRead(Path path) {
        return Files.isDirectory(path) ? probe("-r", path) && probe("-x", path) : probe("-r", path);
    }

    /** A directory the user can list, enter and create or replace files in. */
    boolean canChange(Path dir) {
        return canRead(dir) && probe("-w", dir);
    }

    /** A directory the user can pass through. */
    boolean canEnter(Path dir) {
        return probe("-x", dir);
    }

    private boolean probe(String operator, Path path) {
        List<String> command = new ArrayList<>(user.setprivPrefix(setpriv));
        command.addAll(List.of(test.toString(), operator, path.toString()));
        return HostCommand.run(command, environment).succeeded();
    }
}
