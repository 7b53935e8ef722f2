package dev.taskgate.worker.pool;

import java.nio.file.Files;
import java.nio.file.Path;

/** The clone the tests run in: the nearest directory holding {@code mvnw} above the working directory. */
final class RepositoryRoot {
    private RepositoryRoot() {}

    static Path find() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no mvnw above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
