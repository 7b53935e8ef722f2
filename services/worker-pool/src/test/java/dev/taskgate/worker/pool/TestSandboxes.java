package dev.taskgate.worker.pool;

import java.nio.file.Path;
import java.util.Optional;

import dev.taskgate.worker.pool.sandbox.ChildLimits;
import dev.taskgate.worker.pool.sandbox.ChildSandbox;
import dev.taskgate.worker.pool.sandbox.EffectiveUser;
import dev.taskgate.worker.pool.sandbox.SandboxSetup;

/** Sandboxes for tests that start real children the way the pool does. */
public final class TestSandboxes {
    /** The configured defaults: 1 h CPU, 4 GiB address space, 512 processes, 1024 files. */
    public static final ChildLimits DEFAULT_LIMITS = new ChildLimits(3600, 4L << 30, 512, 1024);

    private TestSandboxes() {}

    /** The worker's own user and environment, the default limits, child directories under {@code workRoot}. */
    public static ChildSandbox plain(Path workRoot) {
        return SandboxSetup.create(
                new SandboxSetup.Settings(workRoot, Optional.empty(), DEFAULT_LIMITS),
                System.getenv(),
                EffectiveUser.isRoot(),
                ChildClasspath.locations());
    }
}
