package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The startup checks of the sandbox: each problem stops the worker with a message naming the key. */
class SandboxSetupTest {
    private static final ChildLimits LIMITS = new ChildLimits(3600, 4L << 30, 512, 1024);

    @TempDir
    Path dir;

    @Test
    void withoutPrlimitTheWorkerRefusesToStart() {
        Map<String, String> env = Map.of("PATH", dir.resolve("empty").toString());

        assertThatThrownBy(() -> SandboxSetup.create(settings(Optional.empty()), env, false, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "taskgate.worker.child.limits: prlimit (util-linux) is not on the worker's PATH");
    }

    @Test
    void anUnknownUserIsAStartupError() {
        assumeTrue(EffectiveUser.isRoot(), "the user is only looked up by a root worker");

        assertThatThrownBy(() -> create("no-such-taskgate-user", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("taskgate.worker.child.user: no such user 'no-such-taskgate-user'");
    }

    @Test
    void rootIsNoChildUser() {
        assumeTrue(EffectiveUser.isRoot(), "the user is only looked up by a root worker");

        assertThatThrownBy(() -> create("root", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("taskgate.worker.child.user: 'root' is root");
    }

    @Test
    void aUserThatCannotReadTheClasspathIsAStartupError() throws Exception {
        assumeTrue(EffectiveUser.isRoot(), "the user is only looked up by a root worker");
        // @TempDir is mode 700: nobody cannot enter it
        Path jar = Files.writeString(dir.resolve("child.jar"), "not really a jar");

        assertThatThrownBy(() -> create("nobody", List.of(jar)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "taskgate.worker.child.user: nobody cannot read the child classpath [" + jar + "]");
    }

    @Test
    void aWorkRootTheUserCannotEnterIsAStartupError() throws Exception {
        assumeTrue(EffectiveUser.isRoot(), "the user is only looked up by a root worker");
        Path readable = Files.createDirectories(dir.resolve("open"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(readable, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path closed = Files.createDirectories(dir.resolve("closed"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
        SandboxSetup.Settings settings =
                new SandboxSetup.Settings(closed.resolve("children"), Optional.of("nobody"), LIMITS);

        assertThatThrownBy(() -> SandboxSetup.create(settings, System.getenv(), true, List.of(readable)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("taskgate.worker.child.work-root: nobody (taskgate.worker.child.user) cannot"
                        + " enter " + closed.resolve("children"));
    }

    @Test
    void withoutSetprivASwitchingWorkerRefusesToStart() throws Exception {
        assumeTrue(EffectiveUser.isRoot(), "the user is only looked up by a root worker");
        HostTools host = new HostTools(System.getenv());
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("prlimit", "getent", "test")) {
            Files.createSymbolicLink(bin.resolve(tool), host.find(tool).orElseThrow());
        }
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PATH", bin.toString());

        assertThatThrownBy(() -> SandboxSetup.create(settings(Optional.of("nobody")), env, true, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("taskgate.worker.child.user: setpriv is not on the worker's PATH");
    }

    @Test
    void withoutGetentTheUserCannotBeLookedUp() throws Exception {
        assumeTrue(EffectiveUser.isRoot(), "the user is only looked up by a root worker");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(
                bin.resolve("prlimit"),
                new HostTools(System.getenv()).find("prlimit").orElseThrow());

        assertThatThrownBy(() -> SandboxSetup.create(
                        settings(Optional.of("nobody")), Map.of("PATH", bin.toString()), true, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("taskgate.worker.child.user: getent is not on the worker's PATH");
    }

    @Test
    void aWorkRootThatCannotBeCreatedIsAStartupError() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "");
        SandboxSetup.Settings settings = new SandboxSetup.Settings(file.resolve("children"), Optional.empty(), LIMITS);

        assertThatThrownBy(() -> SandboxSetup.create(settings, System.getenv(), false, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "taskgate.worker.child.work-root: cannot prepare the children's directories under");
    }

    @Test
    void aWorkerThatIsNotRootIgnoresTheUserAndRunsChildrenAsItself() {
        ChildSandbox sandbox =
                SandboxSetup.create(settings(Optional.of("no-such-taskgate-user")), System.getenv(), false, List.of());

        assertThat(sandbox.user()).isEmpty();
        assertThat(sandbox.workRoot()).isEqualTo(dir.resolve("children"));
        assertThat(dir.resolve("children")).isDirectory();
    }

    @Test
    void namesTheDirectoriesTheChildUserCannotChange() throws Exception {
        assumeTrue(EffectiveUser.isRoot(), "the user is only switched by a root worker");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        Path shared = Files.createDirectories(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path readOnly = Files.createDirectories(dir.resolve("read-only"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
        ChildSandbox switching = create("nobody", List.of());
        ChildSandbox own = SandboxSetup.create(settings(Optional.empty()), System.getenv(), true, List.of());

        assertThat(SandboxSetup.unchangeable(switching, System.getenv(), List.of(shared, readOnly)))
                .containsExactly(readOnly);
        assertThat(SandboxSetup.unchangeable(own, System.getenv(), List.of(shared, readOnly)))
                .as("the worker's own user")
                .isEmpty();
    }

    private ChildSandbox create(String user, List<Path> classpath) {
        return SandboxSetup.create(settings(Optional.of(user)), System.getenv(), true, classpath);
    }

    private SandboxSetup.Settings settings(Optional<String> user) {
        return new SandboxSetup.Settings(dir.resolve("children"), user, LIMITS);
    }
}
