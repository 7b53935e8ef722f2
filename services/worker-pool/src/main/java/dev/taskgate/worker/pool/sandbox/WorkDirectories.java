package dev.taskgate.worker.pool.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.jboss.logging.Logger;

/**
 * The private directories children start in: one per child, {@code child-*}, mode 700 and owned by the child's
 * user, emptied between runs and deleted once the child has ended. They sit in a directory of this worker,
 * {@code worker-*} under the root, which holds a lock ({@value #LOCK}) for as long as the worker lives; a worker
 * killed outright cannot clean up, so the next worker to start on the same root removes every {@code worker-*}
 * directory whose lock nobody holds.
 */
public final class WorkDirectories implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(WorkDirectories.class);
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");
    // others may pass through to their own directory but not list it
    private static final Set<PosixFilePermission> PASSAGE = PosixFilePermissions.fromString("rwx--x--x");
    static final String LOCK = ".lock";
    private static final String WORKER_PREFIX = "worker-";
    private static final String NEW_PREFIX = ".new-";

    private final Path root;
    private final Path workerDirectory;
    private final FileChannel lockChannel;
    private final Optional<ChildUser> owner;

    /**
     * @param root  where the worker's directory is made; created (mode 711) if absent
     * @param owner the user the children run as, if not the worker's own
     */
    public WorkDirectories(Path root, Optional<ChildUser> owner) {
        this.root = root.toAbsolutePath().normalize();
        this.owner = owner;
        try {
            if (!Files.isDirectory(this.root)) {
                Files.createDirectories(this.root);
                Files.setPosixFilePermissions(this.root, PASSAGE);
            }
            removeAbandoned(this.root);
            // locked before it is given its worker- name, so that no other worker ever sees it unlocked
            Path fresh =
                    Files.createTempDirectory(this.root, NEW_PREFIX, PosixFilePermissions.asFileAttribute(PASSAGE));
            Files.setPosixFilePermissions(fresh, PASSAGE);
            this.lockChannel =
                    FileChannel.open(fresh.resolve(LOCK), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            lockChannel.lock();
            this.workerDirectory = Files.move(
                    fresh,
                    this.root.resolve(
                            WORKER_PREFIX + fresh.getFileName().toString().substring(NEW_PREFIX.length())));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the children's directories under " + this.root, e);
        }
    }

    /** The directory the worker directories are made in. */
    public Path root() {
        return root;
    }

    /** This worker's directory: its children's directories are made in it. */
    public Path workerDirectory() {
        return workerDirectory;
    }

    /** Removes this worker's directory (every child must have ended) and releases its lock. */
    @Override
    public void close() {
        try {
            delete(workerDirectory);
            lockChannel.close();
        } catch (IOException e) {
            LOG.warnf(e, "Could not remove the worker's child directories [dir=%s]", workerDirectory);
        }
    }

    /** A fresh, empty directory for one child, that only the child's user may enter. */
    public Path create() throws IOException {
        Path dir = Files.createTempDirectory(workerDirectory, "child-", PosixFilePermissions.asFileAttribute(PRIVATE));
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

    /** Removes the {@code worker-*} directories under {@code root} whose worker has ended (their lock is free). */
    private static void removeAbandoned(Path root) throws IOException {
        List<Path> workers;
        try (Stream<Path> listing = Files.list(root)) {
            workers = listing.filter(p -> p.getFileName().toString().startsWith(WORKER_PREFIX))
                    .toList();
        }
        for (Path worker : workers) {
            try (FileChannel channel = FileChannel.open(worker.resolve(LOCK), StandardOpenOption.WRITE)) {
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    delete(worker);
                    LOG.infof("Removed the child directories of an ended worker [dir=%s]", worker);
                }
            } catch (OverlappingFileLockException e) {
                // held by this JVM: a worker that is still running here
            } catch (NoSuchFileException e) {
                // gone meanwhile, or a removal that stopped half-way: nobody holds it
                delete(worker);
            } catch (IOException e) {
                LOG.warnf(e, "Could not check or remove a worker's child directories [dir=%s]", worker);
            }
        }
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
