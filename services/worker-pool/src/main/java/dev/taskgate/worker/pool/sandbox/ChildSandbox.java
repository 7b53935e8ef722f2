package dev.taskgate.worker.pool.sandbox;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a child JVM is started: in a fresh private directory, with an allow-listed environment, under resource limits
 * and, when the worker is root and a child user is configured, as that unprivileged user. Built and checked once
 * at startup by {@link SandboxSetup}.
 */
public final class ChildSandbox implements AutoCloseable {
    private final Map<String, String> parentEnvironment;
    private final Path javaHome;
    private final ChildLimits limits;
    private final Path prlimit;
    private final Optional<ChildUser> user;
    private final Optional<Path> setpriv;
    private final WorkDirectories directories;

    /** A prepared start: run {@code builder}, and remove {@code workDirectory} once the process has ended. */
    public record Launch(ProcessBuilder builder, Path workDirectory) {}

    ChildSandbox(
            Map<String, String> parentEnvironment,
            Path javaHome,
            ChildLimits limits,
            Path prlimit,
            Optional<ChildUser> user,
            Optional<Path> setpriv,
            WorkDirectories directories) {
        if (user.isPresent() != setpriv.isPresent()) {
            throw new IllegalArgumentException("a child user needs setpriv, and setpriv a user");
        }
        this.parentEnvironment = Map.copyOf(parentEnvironment);
        this.javaHome = javaHome;
        this.limits = limits;
        this.prlimit = prlimit;
        this.user = user;
        this.setpriv = setpriv;
        this.directories = directories;
    }

    /**
     * Makes the child's directory and the process builder that starts {@code javaCommand} in it.
     *
     * @param javaCommand a {@code java} command line, the binary first ({@code ChildCommand})
     */
    public Launch prepare(List<String> javaCommand) throws IOException {
        Path dir = directories.create();
        List<String> command = new ArrayList<>(limits.prlimitPrefix(prlimit));
        user.ifPresent(u -> command.addAll(u.setprivPrefix(setpriv.orElseThrow())));
        command.add(javaCommand.get(0));
        // the JVM ignores TMPDIR and takes its home from the passwd entry
        command.add("-Djava.io.tmpdir=" + dir);
        command.add("-Duser.home=" + dir);
        command.addAll(javaCommand.subList(1, javaCommand.size()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().clear();
        builder.environment().putAll(ChildEnvironment.of(parentEnvironment, dir, javaHome));
        return new Launch(builder, dir);
    }

    /** The user children run as, when not the worker's own. */
    public Optional<ChildUser> user() {
        return user;
    }

    /** The limits every child runs under. */
    public ChildLimits limits() {
        return limits;
    }

    /** Where the children's directories are made. */
    public Path workRoot() {
        return directories.root();
    }

    /** This worker's directory under the work root, which holds its children's directories. */
    public Path workerDirectory() {
        return directories.workerDirectory();
    }

    /** Removes this worker's directory; call it once every child has ended. */
    @Override
    public void close() {
        directories.close();
    }
}
