package dev.taskgate.worker.pool.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The private directories children start in: one per child, {@code child-*} under a root, mode 700 and owned by the
 * child's user, emptied between runs and deleted once the child has ended.
 */
public final class WorkDirectories {
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");
    // others may pass through the root to their own directory but not list it
    private static final Set<PosixFilePermission> ROOT = PosixFilePermissions.fromString("rwx--x--x");

    private final Path root;
    private final Optional<ChildUser> owner;

    /**
     * @param root  where the directories are made; created (mode 711) if absent
     * @param owner the user the children run as, if not the worker's own
     */
    public WorkDirectories(Path root, Optional<ChildUser> owner) {
        this.root = root.toAbsolutePath().normalize();
        this.owner = owner;
        try {
            if (!Files.isDirectory(this.root)) {
                Files.createDirectories(this.root);
                Files.setPosixFilePermissions(this.root, ROOT);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the children's work root " + this.root, e);
        }
    }

    /** The directory the child directories are made in. */
    public Path root() {
        return root;
    }

    /** A fresh, empty directory for one child, that only the child's user may enter. */
    public Path create() throws IOException {
        Path dir = Files.createTempDirectory(root, "child-", PosixFilePermissions.asFileAttribute(PRIVATE));
        if (owner.isPresent()) {
            try {
                Files.setAttribute(dir, "unix:gid", owner.get().gid());
                Files.setAttribute(dir, "unix:uid", owner.get().uid());
            } catch (IOException | RuntimeException e) {
                delete(dir);
                throw e;
            }
        }
        return dir;
    }

    /** Removes everything in {@code dir} but the directory itself. */
    public static void clear(Path dir) throws IOException {
        removeTree(dir, false);
    }

    /** Removes {@code dir} and everything in it; a directory already gone is fine. */
    public static void delete(Path dir) throws IOException {
        removeTree(dir, true);
    }

    private static void removeTree(Path dir, boolean includingTop) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                // a child may have taken the write bit off its own directories; a worker that is not root needs it back
                Files.setPosixFilePermissions(d, PRIVATE);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                if (includingTop || !d.equals(dir)) {
                    Files.deleteIfExists(d);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
