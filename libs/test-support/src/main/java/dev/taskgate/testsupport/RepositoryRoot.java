package dev.taskgate.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The clone the tests run in: {@code -Dtaskgate.repo.root} when given, else the nearest directory holding {@code mvnw}
 * above the working directory (a module's folder when Maven runs its tests).
 */
public final class RepositoryRoot {
    private RepositoryRoot() {}

    public static Path find() {
        String configured = System.getProperty("taskgate.repo.root");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
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
