package dev.taskgate.worker.pool.sandbox;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jboss.logging.Logger;

/**
 * Builds the {@link ChildSandbox} from the settings and checks it once, at startup: the programs it needs are there,
 * the child user exists and is not root, and it can read the child's classpath and enter the work root. A problem
 * stops the worker with a message naming the key; nothing falls back silently to a weaker sandbox.
 */
public final class SandboxSetup {
    private static final Logger LOG = Logger.getLogger(SandboxSetup.class);
    static final String USER_KEY = "taskgate.worker.child.user";
    static final String WORK_ROOT_KEY = "taskgate.worker.child.work-root";

    /**
     * The sandbox settings ({@code taskgate.worker.child.*}).
     *
     * @param workRoot where child directories are made
     * @param user     the user children run as when the worker is root; empty: the worker's own
     * @param limits   the resource limits of each child
     */
    public record Settings(Path workRoot, Optional<String> user, ChildLimits limits) {

        /**
         * The settings as configured ({@code WorkerConfig.Child}); an absent work root is {@code taskgate-children}
         * under {@code java.io.tmpdir}.
         *
         * @throws IllegalArgumentException naming the key of a value that cannot work
         */
        public static Settings of(
                Optional<Path> workRoot,
                Optional<String> user,
                Duration cpuTime,
                String addressSpace,
                int processes,
                int openFiles) {
            if (cpuTime.toSeconds() < 1) {
                throw new IllegalArgumentException(
                        "taskgate.worker.child.limits.cpu-time must be at least 1s, not " + cpuTime);
            }
            return new Settings(
                    workRoot.orElse(Path.of(System.getProperty("java.io.tmpdir"), "taskgate-children")),
                    user,
                    new ChildLimits(cpuTime.toSeconds(), ChildLimits.parseSize(addressSpace), processes, openFiles));
        }
    }

    private SandboxSetup() {}

    /**
     * @param settings          the configured settings
     * @param parentEnvironment the worker's environment (its {@code PATH} finds the tools; the allow-list picks from it)
     * @param parentIsRoot      whether the worker runs as root ({@link EffectiveUser#isRoot()})
     * @param classpath         the child's classpath, which the child user must be able to read
     * @throws IllegalArgumentException naming the key whose value cannot work
     */
    public static ChildSandbox create(
            Settings settings, Map<String, String> parentEnvironment, boolean parentIsRoot, List<Path> classpath) {
        HostTools tools = new HostTools(parentEnvironment);
        Path prlimit = tools.find("prlimit")
                .orElseThrow(() -> new IllegalArgumentException("taskgate.worker.child.limits: prlimit (util-linux) is"
                        + " not on the worker's PATH; the child limits need it"));
        Optional<ChildUser> user = Optional.empty();
        Optional<Path> setpriv = Optional.empty();
        if (settings.user().isPresent() && parentIsRoot) {
            try {
                ChildUser child = ChildUser.lookUp(settings.user().get(), tools);
                setpriv = Optional.of(tools.require("setpriv", "switching users"));
                requireAccess(child, tools, classpath);
                user = Optional.of(child);
            } catch (IllegalStateException | UncheckedIOException e) {
                throw new IllegalArgumentException(USER_KEY + ": " + e.getMessage(), e);
            }
        } else if (settings.user().isPresent()) {
            LOG.warnf(
                    "%s is set but the worker does not run as root; children run as the worker's own user [user=%s]",
                    USER_KEY, settings.user().get());
        } else if (parentIsRoot) {
            LOG.warnf(
                    "The worker runs as root and %s is not set: children run as root too. Set it to an unprivileged"
                            + " user that can read the classpath and the workspaces (docs/security.md)",
                    USER_KEY);
        }
        WorkDirectories directories;
        try {
            directories = new WorkDirectories(settings.workRoot(), user);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(WORK_ROOT_KEY + ": " + e.getMessage(), e);
        }
        if (user.isPresent()) {
            UserAccess access = new UserAccess(user.get(), tools);
            if (!access.canEnter(directories.workerDirectory())) {
                directories.close();
                throw new IllegalArgumentException(
                        WORK_ROOT_KEY + ": " + user.get().name() + " (" + USER_KEY + ") cannot enter "
                                + directories.root() + " or a directory above it");
            }
        }
        LOG.infof(
                "Child sandbox [user=%s workRoot=%s cpuSeconds=%d addressSpace=%d processes=%d openFiles=%d]",
                user.map(u -> u.name() + "(" + u.uid() + ")").orElse("worker's own"),
                directories.root(),
                settings.limits().cpuSeconds(),
                settings.limits().addressSpaceBytes(),
                settings.limits().processes(),
                settings.limits().openFiles());
        return new ChildSandbox(
                parentEnvironment,
                Path.of(System.getProperty("java.home")),
                settings.limits(),
                prlimit,
                user,
                setpriv,
                directories);
    }

    /**
     * The directories among {@code directories} (workspace roots, the rewrite sandbox) that the sandbox's child user
     * cannot list, enter and write; empty when children run as the worker's own user. Not a startup error: a
     * workspace that is only searched needs no write access, but a rewrite there will fail.
     */
    public static List<Path> unchangeable(
            ChildSandbox sandbox, Map<String, String> parentEnvironment, List<Path> directories) {
        if (sandbox.user().isEmpty()) {
            return List.of();
        }
        UserAccess access = new UserAccess(sandbox.user().get(), new HostTools(parentEnvironment));
        return directories.stream().filter(d -> !access.canChange(d)).toList();
    }

    private static void requireAccess(ChildUser user, HostTools tools, List<Path> classpath) {
        UserAccess access = new UserAccess(user, tools);
        List<Path> unreadable =
                classpath.stream().filter(p -> !access.canRead(p)).toList();
        if (!unreadable.isEmpty()) {
            throw new IllegalStateException(user.name() + " cannot read the child classpath " + unreadable
                    + " (check the modes of these paths and of every directory above them)");
        }
    }
}
