package dev.taskgate.worker.pool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.PluginJars;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;
import dev.taskgate.worker.pool.sandbox.ChildSandbox;
import dev.taskgate.worker.pool.sandbox.ChildUser;
import dev.taskgate.worker.pool.sandbox.EffectiveUser;
import dev.taskgate.worker.pool.sandbox.SandboxSetup;
import dev.taskgate.worker.workspace.WorkspaceRegistry;

/**
 * Keeps {@code taskgate.worker.children} warm child JVMs. An operation takes an idle child with
 * {@link #acquire()} (blocking; never call it on an event loop) and gives it back with {@link #release}. A child
 * that dies is replaced; so is one that has run {@code max-operations-per-child} operations, and one whose directory
 * cannot be emptied after a run. Every child is started in the {@link ChildSandbox} checked at startup.
 */
@ApplicationScoped
public class ChildPool {
    private static final Logger LOG = Logger.getLogger(ChildPool.class);
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(2);
    private static final Duration RESPAWN_BACKOFF = Duration.ofSeconds(1);

    private final LinkedBlockingDeque<ChildProcess> idle = new LinkedBlockingDeque<>();
    private final Set<ChildProcess> live = ConcurrentHashMap.newKeySet();
    private final ExecutorService spawner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "child-spawner");
        t.setDaemon(true);
        return t;
    });
    private final WorkerConfig config;
    private final List<String> command;
    private final ChildSandbox sandbox;
    private final Set<String> catalogNames;
    private volatile String refusal;
    private final AtomicLong unexpectedExits = new AtomicLong();
    private volatile boolean started;
    private volatile boolean closing;

    @Inject
    ChildPool(WorkerConfig config, WorkspaceRegistry workspaces, OperationCatalog catalog) {
        this.config = config;
        List<Path> classpath = ChildClasspath.withPlugins(PluginJars.in(config.pluginsDirectory()));
        this.command =
                ChildCommand.build(config.childMaxHeap(), config.rewrite().sandbox(), classpath);
        this.sandbox = SandboxSetup.create(
                sandboxSettings(config.child()), System.getenv(), EffectiveUser.isRoot(), classpath);
        this.catalogNames = catalog.own().stream().map(OperationSpec::name).collect(Collectors.toUnmodifiableSet());
        warnAboutFilesTheChildCannotChange(config, workspaces);
    }

    private void warnAboutFilesTheChildCannotChange(WorkerConfig config, WorkspaceRegistry workspaces) {
        List<Path> data = new ArrayList<>();
        config.rewrite().sandbox().ifPresent(data::add);
        workspaces
                .ids()
                .forEach(id -> workspaces.find(id).orElseThrow().roots().stream()
                        .map(WorkspaceRoot::directory)
                        .forEach(data::add));
        for (Path dir : SandboxSetup.unchangeable(sandbox, System.getenv(), data)) {
            LOG.warnf(
                    "The child user cannot read and write %s; operations that change files there will fail [user=%s]",
                    dir, sandbox.user().map(ChildUser::name).orElse(""));
        }
    }

    private static SandboxSetup.Settings sandboxSettings(WorkerConfig.Child child) {
        WorkerConfig.Limits limits = child.limits();
        return SandboxSetup.Settings.of(
                child.workRoot(),
                child.user(),
                limits.cpuTime(),
                limits.addressSpace(),
                limits.processes(),
                limits.openFiles());
    }

    void onStart(@Observes StartupEvent event) {
        List<ChildProcess> starting = new ArrayList<>();
        for (int i = 0; i < config.children(); i++) {
            starting.add(launch());
        }
        for (ChildProcess child : starting) {
            if (child == null || !admit(child)) {
                spawner.execute(this::spawnReplacement);
            }
        }
        if (refusal != null) {
            // a plug-in mismatch is a deployment error that no replacement child can mend
            throw new IllegalStateException("worker children refused: " + refusal);
        }
        started = true;
        LOG.infof("Child pool started [children=%d ready=%d]", config.children(), idle.size());
    }

    void onStop(@Observes ShutdownEvent event) {
        closing = true;
        spawner.shutdownNow();
        List<Thread> stoppers = new ArrayList<>();
        for (ChildProcess child : live) {
            Thread t = new Thread(() -> child.shutdown(SHUTDOWN_GRACE), "child-stopper-" + child.pid());
            t.start();
            stoppers.add(t);
        }
        for (Thread t : stoppers) {
            try {
                t.join(SHUTDOWN_GRACE.multipliedBy(2).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        sandbox.close();
    }

    /** Waits for an idle child. Blocks: call it only from a worker thread. */
    public ChildProcess acquire() throws InterruptedException {
        while (true) {
            if (closing) {
                throw new InterruptedException("the child pool is shutting down");
            }
            ChildProcess child = idle.poll(1, TimeUnit.SECONDS);
            if (child != null && child.isAlive()) {
                return child;
            }
        }
    }

    /** Gives back a child after a finished run; replaces it if it has run its share of operations. */
    public void release(ChildProcess child) {
        int runs = child.countCompletedRun();
        if (!child.isAlive() || closing) {
            return;
        }
        boolean spent = runs >= config.maxOperationsPerChild();
        if (spent || !emptied(child)) {
            child.retire();
            LOG.infof(
                    "Replacing a child after %s [pid=%d runs=%d]",
                    spent ? "its share of operations" : "its directory could not be emptied", child.pid(), runs);
            spawner.execute(() -> {
                spawnReplacement();
                child.shutdown(SHUTDOWN_GRACE);
            });
            return;
        }
        idle.offerFirst(child);
    }

    private static boolean emptied(ChildProcess child) {
        try {
            child.clearWorkDirectory();
            return true;
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    /** Gives back a child that was taken but never given an operation. */
    public void returnUnused(ChildProcess child) {
        if (child.isAlive() && !closing) {
            idle.offerFirst(child);
        }
    }

    /** Children that are running (starting, idle or running an operation). */
    public int liveChildren() {
        return live.size();
    }

    /** How many children exited on their own (a crash, a kill, a limit) since the worker started; each was replaced. */
    public long unexpectedExits() {
        return unexpectedExits.get();
    }

    /** Children that said they are ready and are not being retired (idle or running an operation). */
    public int readyChildren() {
        return (int) live.stream().filter(c -> c.isReady() && !c.isRetired()).count();
    }

    /** Children running an operation (or just taken for one): ready ones that are not idle. */
    public int busyChildren() {
        return Math.max(0, readyChildren() - idle.size());
    }

    /** Idle children. */
    public int idleChildren() {
        return idle.size();
    }

    /** Whether the initial children have been started. */
    public boolean isStarted() {
        return started;
    }

    /** The configured pool size. */
    public int size() {
        return config.children();
    }

    private void onExit(ChildProcess child, int status) {
        live.remove(child);
        idle.remove(child);
        if (closing || child.isRetired()) {
            return;
        }
        unexpectedExits.incrementAndGet();
        LOG.infof("Child exited; starting a replacement [pid=%d exitCode=%d]", child.pid(), status);
        try {
            spawner.execute(this::spawnReplacement);
        } catch (RejectedExecutionException e) {
            LOG.debug("Child pool is shutting down; no replacement");
        }
    }

    private void spawnReplacement() {
        while (!closing) {
            ChildProcess child = launch();
            if (child != null && admit(child)) {
                return;
            }
            try {
                Thread.sleep(RESPAWN_BACKOFF.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private ChildProcess launch() {
        try {
            ChildProcess child = ChildProcess.start(sandbox, command, this::onExit);
            live.add(child);
            return child;
        } catch (IOException e) {
            LOG.errorf(e, "Could not start a child JVM [command=%s]", command.get(0));
            return null;
        }
    }

    private boolean admit(ChildProcess child) {
        try {
            if (child.awaitReady(config.childStartTimeout())) {
                Optional<String> refused = child.readiness().refusal(catalogNames);
                if (refused.isEmpty()) {
                    idle.offerLast(child);
                    LOG.debugf("Child ready [pid=%d]", child.pid());
                    return true;
                }
                refusal = refused.get();
                LOG.errorf("Refusing a child: %s [pid=%d]", refusal, child.pid());
                child.retire();
                child.kill();
                live.remove(child);
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.errorf(
                "Child did not become ready; killing it [pid=%d timeout=%s]", child.pid(), config.childStartTimeout());
        child.retire();
        child.kill();
        live.remove(child);
        return false;
    }
}
