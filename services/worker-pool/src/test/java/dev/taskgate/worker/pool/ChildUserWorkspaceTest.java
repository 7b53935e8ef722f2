package dev.taskgate.worker.pool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;
import dev.taskgate.worker.pool.sandbox.EffectiveUser;
import dev.taskgate.worker.pool.sandbox.SandboxSetup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A root worker's child running as {@code nobody} does its workspace file I/O with that user's rights: a rewrite
 * works over a root granted to it, and fails cleanly (nothing changed) over one it may only read.
 */
class ChildUserWorkspaceTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int NOBODY = 65534;

    @TempDir
    Path dir;

    private ChildProcess child;

    @BeforeEach
    void startAsNobody() throws Exception {
        assumeTrue(EffectiveUser.isRoot(), "only a root worker switches users");
        assumeTrue(Files.readString(Path.of("/etc/passwd")).contains("\nnobody:"), "needs the user nobody");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<Path> classpath =
                ReadableCopies.of(ChildClasspath.locations(), Files.createDirectories(dir.resolve("classpath")));
        var sandbox = SandboxSetup.create(
                new SandboxSetup.Settings(dir.resolve("children"), Optional.of("nobody"), TestSandboxes.DEFAULT_LIMITS),
                System.getenv(),
                true,
                classpath);
        child = ChildProcess.start(sandbox, ChildCommand.build("64m", Optional.empty(), classpath), (c, s) -> {});
        assertThat(child.awaitReady(Duration.ofSeconds(30))).as("ready line").isTrue();
    }

    @AfterEach
    void stop() {
        if (child != null) {
            child.kill();
        }
    }

    @Test
    void rewritesARootGrantedToTheChildUser() throws Exception {
        Path root = Files.createDirectories(dir.resolve("granted"));
        Path file = Files.writeString(root.resolve("a.txt"), "colour");
        Files.setAttribute(root, "unix:uid", NOBODY);
        Files.setAttribute(file, "unix:uid", NOBODY);

        ChildMessage result = rewrite(root);

        assertThat(result.kind()).as(result.message()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(result.result()).contains("rewrote 1 files");
        assertThat(file).hasContent("color");
        assertThat(Files.getAttribute(file, "unix:uid"))
                .as("replaced by the child user")
                .isEqualTo(NOBODY);
    }

    @Test
    void aRootTheChildUserMayOnlyReadIsLeftUnchanged() throws Exception {
        Path root = Files.createDirectories(dir.resolve("read-only"));
        Path file = Files.writeString(root.resolve("a.txt"), "colour");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        ChildMessage result = rewrite(root);

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(result.result()).contains("\"isError\":true").contains("every file was restored");
        assertThat(file).hasContent("colour");
        assertThat(Files.getAttribute(file, "unix:uid")).isEqualTo(0);
    }

    /** Runs {@code workspace.rewrite colour → color} over {@code root}, granting its commit. */
    private ChildMessage rewrite(Path root) throws Exception {
        JsonNode workspace = new Workspace(
                        "acme/demo",
                        List.of(new WorkspaceRoot("src", root)),
                        Workspace.compile("acme/demo", Workspace.DEFAULT_REFERENCE_PATTERNS),
                        Workspace.DEFAULT_MAX_FILE_BYTES)
                .toJson();
        BlockingQueue<ChildMessage> terminal = new LinkedBlockingQueue<>();
        child.run(
                "workspace.rewrite",
                MAPPER.readTree("{\"search\":\"colour\",\"replace\":\"color\"}"),
                null,
                0,
                null,
                workspace,
                new RunObserver() {
                    @Override
                    public void onMessage(ChildProcess process, ChildMessage message) {
                        if (message.kind() == ChildMessage.Kind.COMMIT) {
                            process.decideCommit(message.plan().path("planHash").asText(), true, null);
                        } else if (message.kind().isTerminal()) {
                            terminal.add(message);
                        }
                    }

                    @Override
                    public void onExit(ChildProcess process, int exitCode) {
                        terminal.add(
                                new ChildMessage(ChildMessage.Kind.ERROR, 0, null, "exit " + exitCode, null, "exit"));
                    }
                });
        ChildMessage result = terminal.poll(60, TimeUnit.SECONDS);
        assertThat(result).as("a terminal line").isNotNull();
        return result;
    }
}
