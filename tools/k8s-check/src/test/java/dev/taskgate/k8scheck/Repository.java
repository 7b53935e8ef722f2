package dev.taskgate.k8scheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Paths inside the clone the tests run in. */
final class Repository {
    static final Path ROOT = findRoot();
    static final Path OVERLAYS = ROOT.resolve("deploy/k8s/overlays");
    static final Path VENDOR = ROOT.resolve("tools/k8s-check/vendor");

    private Repository() {}

    static String read(String relative) {
        try {
            return Files.readString(ROOT.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The folder holding deploy/k8s, walking up from the module's folder (Maven runs tests there). */
    private static Path findRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isDirectory(dir.resolve("deploy/k8s")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no deploy/k8s above " + Path.of("").toAbsolutePath());
    }
}
