package dev.taskgate.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Workspace {@value #ID} with roots {@code src} and {@code docs} under {@code target/}, registered in every component
 * test of this module by {@link WorkerFixturesResource}.
 */
public final class WorkspaceFixture {
    /** The registered workspace id. */
    public static final String ID = "acme/demo";
    /** The directory holding both roots. */
    public static final Path BASE = Path.of("target", "workspace-fixture").toAbsolutePath();
    /** Root {@code src}. */
    public static final Path SRC = BASE.resolve("src");
    /** Root {@code docs}. */
    public static final Path DOCS = BASE.resolve("docs");

    private WorkspaceFixture() {}

    /** The settings that register the workspace; creates its roots. */
    static Map<String, String> settings() {
        try {
            Files.createDirectories(SRC);
            Files.createDirectories(DOCS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of(
                "taskgate.worker.workspaces.\"" + ID + "\".roots",
                SRC + "," + DOCS,
                "taskgate.worker.workspaces.\"" + ID + "\".max-file-bytes",
                "65536");
    }
}
