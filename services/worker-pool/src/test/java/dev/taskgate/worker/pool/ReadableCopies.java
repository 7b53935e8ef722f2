package dev.taskgate.worker.pool;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/** Copies of classpath locations that every user may read (directories 755, files 644), for user-switch tests. */
final class ReadableCopies {
    private ReadableCopies() {}

    /** Copies each location (a jar or a class directory) into {@code target}, which becomes world-readable too. */
    static List<Path> of(List<Path> locations, Path target) throws IOException {
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<Path> copies = new ArrayList<>();
        for (int i = 0; i < locations.size(); i++) {
            Path source = locations.get(i);
            Path copy = target.resolve(i + "-" + source.getFileName());
            copyTree(source, copy);
            copies.add(copy);
        }
        return copies;
    }

    private static void copyTree(Path source, Path copy) throws IOException {
        Files.walkFileTree(source, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path made = Files.createDirectories(
                        copy.resolve(source.relativize(dir).toString()));
                Files.setPosixFilePermissions(made, PosixFilePermissions.fromString("rwxr-xr-x"));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path made = Files.isDirectory(source)
                        ? copy.resolve(source.relativize(file).toString())
                        : copy;
                Files.copy(file, made);
                Files.setPosixFilePermissions(made, PosixFilePermissions.fromString("rw-r--r--"));
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
