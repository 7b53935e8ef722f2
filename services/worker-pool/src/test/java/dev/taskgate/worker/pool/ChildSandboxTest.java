package dev.taskgate.worker.pool;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.pool.sandbox.ChildLimits;
import dev.taskgate.worker.pool.sandbox.ChildSandbox;
import dev.taskgate.worker.pool.sandbox.EffectiveUser;
import dev.taskgate.worker.pool.sandbox.SandboxSetup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Real child JVMs started in the sandbox, inspected through {@code /proc} as the kernel sees them. */
class ChildSandboxTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private static final Map<String, String> SECRETS = Map.of(
            "JOBCTL_PAYLOAD_KEYS", "k1:ZmFrZS1wYXlsb2FkLWtleS1mb3ItdGhlLXNhbmRib3g=",
            "TASKGATE_PAYLOAD_KEYS", "k2:ZmFrZS1wYXlsb2FkLXJpbmctb2YtdGhlLXdvcmtlci0y",
            "TASKGATE_HANDLES_KEY", "fake-handles-key-3f9a",
            "TASKGATE_CHECKPOINT_KEY", "fake-checkpoint-key-77c1",
            "TASKGATE_WEBHOOKS_SECRET_KEY", "fake-webhooks-key-0be4",
            "TASKGATE_KAFKA_PASSWORD", "fake-kafka-password-5d21",
            "TASKGATE_PG_PASSWORD", "fake-pg-password-a4e0",
            "TASKGATE_SERVICE_AUTH_SIGNING_KEY", "worker-pool-1:ZmFrZS1zaWduaW5nLWtleS1mb3ItdGhlLXNhbmRib3g=",
            "TASKGATE_JOB_CONTROL_URL", "http://job-control.internal:8081",
            "JAVA_TOOL_OPTIONS", "-Dleaked.option=1");

    private final List<ChildProcess> children = new ArrayList<>();

    @TempDir
    Path workRoot;

    @AfterEach
    void killChildren() {
        children.forEach(ChildProcess::kill);
    }

    @Test
    void theChildSeesOnlyTheAllowListedEnvironment() throws Exception {
        Map<String, String> parent = new HashMap<>(System.getenv());
        parent.putAll(SECRETS);
        parent.put("LC_ALL", "C.UTF-8");
        parent.put("TZ", "UTC");
        ChildProcess child = start(sandbox(parent, TestSandboxes.DEFAULT_LIMITS, Optional.empty()));

        byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(child.pid()), "environ"));
        Map<String, String> environ = parseEnviron(raw);

        assertThat(environ.keySet())
                .allMatch(
                        name -> List.of("PATH", "LANG", "LANGUAGE", "TZ", "HOME", "TMPDIR", "JAVA_HOME")
                                        .contains(name)
                                || name.startsWith("LC_"),
                        "an allow-listed name");
        assertThat(environ)
                .containsEntry("LC_ALL", "C.UTF-8")
                .containsEntry("TZ", "UTC")
                .containsEntry("HOME", child.workDirectory().toString())
                .containsEntry("TMPDIR", child.workDirectory().toString())
                .containsEntry("JAVA_HOME", System.getProperty("java.home"));
        String all = new String(raw, StandardCharsets.UTF_8);
        SECRETS.forEach((name, value) -> assertThat(all).doesNotContain(name).doesNotContain(value));
        System.getenv().keySet().stream()
                .filter(name -> name.startsWith("TASKGATE_") || name.startsWith("JOBCTL_"))
                .forEach(name -> assertThat(environ).doesNotContainKey(name));
        assertThat(echo(child)).as("the child still works").contains("\\\"ok\\\":1");
    }

    @Test
    void theChildStartsInItsOwnPrivateDirectoryWhichIsEmptiedBetweenRunsAndGoneAfterItEnds() throws Exception {
        ChildSandbox sandbox = sandbox(System.getenv(), TestSandboxes.DEFAULT_LIMITS, Optional.empty());
        ChildProcess child = start(sandbox);
        ChildProcess other = start(sandbox);
        Path dir = child.workDirectory();

        assertThat(Files.readSymbolicLink(Path.of("/proc", String.valueOf(child.pid()), "cwd")))
                .isEqualTo(dir);
        assertThat(dir.getParent()).isEqualTo(sandbox.workerDirectory());
        assertThat(sandbox.workerDirectory().getParent()).isEqualTo(workRoot);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
                .isEqualTo("rwx------");
        assertThat(other.workDirectory()).isNotEqualTo(dir);
        assertThat(commandLine(child)).contains("-Djava.io.tmpdir=" + dir);

        Files.createDirectories(dir.resolve("left/behind"));
        Files.writeString(dir.resolve("left/behind/by-a-run.txt"), "from the previous operation");
        Files.setPosixFilePermissions(dir.resolve("left"), PosixFilePermissions.fromString("r-x------"));
        child.clearWorkDirectory();
        try (Stream<Path> remaining = Files.list(dir)) {
            assertThat(remaining).as("emptied between runs").isEmpty();
        }

        child.shutdown(Duration.ofSeconds(5));
        await().atMost(Duration.ofSeconds(10)).until(() -> child.exit().isDone());
        assertThat(dir).as("removed once the child ended").doesNotExist();
        other.kill();
        await().atMost(Duration.ofSeconds(10)).until(() -> other.exit().isDone());
        assertThat(other.workDirectory()).as("removed after a kill too").doesNotExist();
    }

    @Test
    void theLimitsAreSetOnTheChildProcess() throws Exception {
        ChildLimits limits = new ChildLimits(1234, 3L << 30, 345, 567);
        ChildProcess child = start(sandbox(System.getenv(), limits, Optional.empty()));

        String procLimits = Files.readString(Path.of("/proc", String.valueOf(child.pid()), "limits"));

        assertThat(procLimits)
                .containsPattern("Max cpu time\\s+1234\\s+1234\\s+seconds")
                .containsPattern("Max address space\\s+" + (3L << 30) + "\\s+" + (3L << 30) + "\\s+bytes")
                .containsPattern("Max processes\\s+345\\s+345\\s+processes")
                .containsPattern("Max open files\\s+567\\s+567\\s+files");
        assertThat(echo(child)).as("a JVM runs under the default-sized limits").contains("\\\"ok\\\":1");
    }

    @Test
    void aRootWorkerStartsTheChildAsTheConfiguredUser(@TempDir Path copies) throws Exception {
        assumeTrue(EffectiveUser.isRoot(), "only a root worker switches users");
        assumeTrue(Files.readString(Path.of("/etc/passwd")).contains("\nnobody:"), "needs the user nobody");
        // the build's own classpath may sit under a private home (/root/.m2): give the child a copy it can read
        List<Path> classpath = ReadableCopies.of(ChildClasspath.locations(), copies);
        Files.setPosixFilePermissions(workRoot, PosixFilePermissions.fromString("rwx--x--x"));
        ChildSandbox sandbox = SandboxSetup.create(
                new SandboxSetup.Settings(workRoot, Optional.of("nobody"), TestSandboxes.DEFAULT_LIMITS),
                System.getenv(),
                true,
                classpath);
        ChildProcess child =
                ChildProcess.start(sandbox, ChildCommand.build("64m", Optional.empty(), classpath), (c, s) -> {});
        children.add(child);
        assertThat(child.awaitReady(READY)).as("ready line").isTrue();

        String status = Files.readString(Path.of("/proc", String.valueOf(child.pid()), "status"));

        assertThat(status)
                .containsPattern("(?m)^Uid:\\s+65534\\s+65534\\s+65534\\s+65534$")
                .containsPattern("(?m)^Gid:\\s+65534\\s+65534\\s+65534\\s+65534$")
                .containsPattern("(?m)^Groups:\\s*$")
                .containsPattern("(?m)^NoNewPrivs:\\s+1$");
        assertThat(Files.getAttribute(child.workDirectory(), "unix:uid")).isEqualTo(65534);
        assertThat(echo(child)).contains("\\\"ok\\\":1");
        Path dir = child.workDirectory();
        child.shutdown(Duration.ofSeconds(5));
        await().atMost(Duration.ofSeconds(10)).until(() -> child.exit().isDone());
        assertThat(dir).doesNotExist();
    }

    private ChildSandbox sandbox(Map<String, String> parent, ChildLimits limits, Optional<String> user) {
        return SandboxSetup.create(
                new SandboxSetup.Settings(workRoot, user, limits),
                parent,
                EffectiveUser.isRoot(),
                ChildClasspath.locations());
    }

    private ChildProcess start(ChildSandbox sandbox) throws Exception {
        ChildProcess child = ChildProcess.start(sandbox, ChildCommand.build("64m"), (c, s) -> {});
        children.add(child);
        assertThat(child.awaitReady(READY)).as("ready line").isTrue();
        return child;
    }

    private static String echo(ChildProcess child) throws Exception {
        BlockingQueue<ChildMessage> lines = new LinkedBlockingQueue<>();
        child.run("demo.echo", new ObjectMapper().readTree("{\"ok\":1}"), new RunObserver() {
            @Override
            public void onMessage(ChildProcess c, ChildMessage message) {
                lines.add(message);
            }

            @Override
            public void onExit(ChildProcess c, int exitCode) {}
        });
        ChildMessage result = lines.poll(20, TimeUnit.SECONDS);
        assertThat(result).as("a result line").isNotNull();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        return result.result();
    }

    private static String commandLine(ChildProcess child) throws Exception {
        return new String(
                        Files.readAllBytes(Path.of("/proc", String.valueOf(child.pid()), "cmdline")),
                        StandardCharsets.UTF_8)
                .replace('\0', ' ');
    }

    private static Map<String, String> parseEnviron(byte[] raw) {
        Map<String, String> env = new HashMap<>();
        for (String entry : new String(raw, StandardCharsets.UTF_8).split("\0")) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return env;
    }
}
