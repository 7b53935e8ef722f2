package dev.taskgate.worker.child.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Whether a path, once its symbolic links are followed, still lies under a directory. A lexical check ({@code ..},
 * {@link Path#startsWith}) cannot see a link inside the directory that points out of it; this one can.
 */
public final class LinkContainment {
    private LinkContainment() {}

    /** The directory with every link resolved, the form {@link #checkInside} compares against. */
    public static Path realDirectory(Path directory, String description) {
        try {
            return directory.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(description + " is not readable: " + directory, e);
        }
    }

    /**
     * Refuses {@code file} when the deepest part of it that exists resolves outside {@code realDirectory}, or goes
     * through a broken link (whatever it names is outside what the directory can vouch for). A path that does not
     * exist yet is judged by its existing ancestors, so a file about to be created is checked too.
     *
     * @param shown the path as the caller named it, for the message
     * @return {@code file} with the links of its existing part resolved
     * @throws IllegalArgumentException naming {@code shown}
     */
    public static Path checkInside(Path realDirectory, Path file, String shown) {
        Path existing = file;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return file;
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("'" + shown + "' goes through a broken symbolic link");
        }
        if (!real.startsWith(realDirectory)) {
            throw new IllegalArgumentException("'" + shown + "' leads outside its root through a symbolic link");
        }
        return real.resolve(existing.relativize(file));
    }
}
