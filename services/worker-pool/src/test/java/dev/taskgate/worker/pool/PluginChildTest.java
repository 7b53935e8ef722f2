package dev.taskgate.worker.pool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;
import dev.taskgate.worker.plugin.fixture.EchoImpostor;
import dev.taskgate.worker.plugin.fixture.ShoutOperation;
import dev.taskgate.worker.plugin.fixture.TestPluginJar;
import dev.taskgate.worker.plugin.fixture.UndeclaredOperation;
import dev.taskgate.worker.plugin.fixture.WaitOperation;

import static org.assertj.core.api.Assertions.assertThat;

/** Real child JVMs with plug-in jars on their classpath, started the way the pool starts them. */
class PluginChildTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @TempDir
    Path workRoot;

    private ChildProcess child;

    @AfterEach
    void kill() {
        if (child != null) {
            child.kill();
        }
    }

    private ChildReadiness start(Path... pluginJars) throws Exception {
        child = ChildProcess.start(
                TestSandboxes.plain(workRoot),
                ChildCommand.build("64m", java.util.Optional.empty(), ChildClasspath.withPlugins(List.of(pluginJars))),
                (c, code) -> {});
        assertThat(child.awaitReady(READY)).as("ready line").isTrue();
        return child.readiness();
    }

    private Path goodPlugin() throws Exception {
        return TestPluginJar.write(
                dir.resolve("good.jar"),
                List.of(ShoutOperation.class, WaitOperation.class),
                List.of("fixture.shout", "fixture.wait"));
    }

    @Test
    void aPluginOperationRunsInTheChildWithProgressLogAndItsExactResult() throws Exception {
        ChildReadiness readiness = start(goodPlugin());
        assertThat(readiness.operations()).contains("fixture.shout", "fixture.wait", "demo.echo");
        assertThat(readiness.problems()).isEmpty();
        assertThat(readiness.refusal(Set.of("demo.echo", "fixture.shout", "fixture.wait")))
                .isEmpty();

        Recorder run = new Recorder();
        child.run("fixture.shout", MAPPER.readTree("{\"text\":\"héllo\"}"), run);

        ChildMessage progress = run.next();
        assertThat(progress.kind()).isEqualTo(ChildMessage.Kind.PROGRESS);
        assertThat(progress.progress()).isEqualTo(1.0);
        assertThat(progress.total()).isEqualTo(2.0);
        assertThat(progress.message()).isEqualTo("shouting");
        ChildMessage log = run.next();
        assertThat(log.kind()).isEqualTo(ChildMessage.Kind.LOG);
        assertThat(log.log().path("level").asText()).isEqualTo("info");
        assertThat(log.log().path("data").asText()).isEqualTo("shouted 5 characters");
        ChildMessage result = run.next();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(result.result())
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"shout\\\":\\\"HÉLLO\\\"}\"}],"
                        + "\"structuredContent\":{\"shout\":\"HÉLLO\"}}");
    }

    @Test
    void aPluginOperationReadsTheRunsWorkspaceAndSavesArtifacts() throws Exception {
        start(goodPlugin());
        Path mod = Files.createDirectories(dir.resolve("mod"));
        Files.writeString(mod.resolve("a.txt"), "first file");
        Files.writeString(mod.resolve("b.txt"), "second file");
        JsonNode workspace = new Workspace(
                        "acme/demo",
                        List.of(new WorkspaceRoot("mod", mod)),
                        Workspace.compile("acme/demo", Workspace.DEFAULT_REFERENCE_PATTERNS),
                        Workspace.DEFAULT_MAX_FILE_BYTES)
                .toJson();

        Recorder run = new Recorder();
        child.run("fixture.shout", MAPPER.readTree("{\"text\":\"x\",\"save\":true}"), null, 0, null, workspace, run);

        ChildMessage save = run.nextOf(ChildMessage.Kind.ARTIFACT_SAVE);
        assertThat(save.artifact().path("name").asText()).isEqualTo("shout.txt");
        child.artifactSaved(
                save.artifact().path("requestId").asLong(),
                MAPPER.createObjectNode()
                        .put("id", "a-1")
                        .put("name", "shout.txt")
                        .put("mediaType", "text/plain")
                        .put("sha256", "0".repeat(64))
                        .put("size", 1)
                        .put("path", "/v1/orgs/acme/projects/demo/artifacts/a-1"));
        JsonNode result = MAPPER.readTree(run.nextOf(ChildMessage.Kind.RESULT).result());

        assertThat(result.path("structuredContent").path("files").asInt()).isEqualTo(2);
        assertThat(result.path("structuredContent").path("first").asText()).isEqualTo("first file");
        assertThat(result.at("/content/1/type").asText()).isEqualTo("resource_link");
        assertThat(result.at("/content/1/uri").asText()).isEqualTo("/v1/orgs/acme/projects/demo/artifacts/a-1");
    }

    @Test
    void aStopRequestReachesThePluginOperation() throws Exception {
        start(goodPlugin());
        Recorder run = new Recorder();
        child.run("fixture.wait", MAPPER.createObjectNode(), run);
        assertThat(run.next().kind()).isEqualTo(ChildMessage.Kind.PROGRESS);

        child.stop();

        ChildMessage stopped = run.next();
        assertThat(stopped.kind()).isEqualTo(ChildMessage.Kind.STOPPED);
        assertThat(stopped.message()).isEqualTo("stopped while waiting");
    }

    @Test
    void pluginsThatDoNotMatchTheirCatalogEntriesAreReportedAndNotRun() throws Exception {
        Path jar = TestPluginJar.write(
                dir.resolve("mismatched.jar"), List.of(UndeclaredOperation.class), List.of("fixture.missing"));

        ChildReadiness readiness = start(jar);

        assertThat(readiness.problems())
                .anySatisfy(p -> assertThat(p)
                        .contains("fixture.undeclared")
                        .contains(UndeclaredOperation.class.getName())
                        .contains("has no entry"))
                .anySatisfy(
                        p -> assertThat(p).isEqualTo("plug-in catalog entry fixture.missing has no implementation"));
        assertThat(readiness.operations()).doesNotContain("fixture.undeclared", "fixture.missing");
        assertThat(readiness.refusal(Set.of("demo.echo")))
                .hasValueSatisfying(r -> assertThat(r)
                        .startsWith("the child reports plug-in problems")
                        .contains("fixture.missing"));

        Recorder run = new Recorder();
        child.run("fixture.undeclared", MAPPER.createObjectNode(), run);
        ChildMessage error = run.next();
        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.message()).contains("not registered");
    }

    @Test
    void aPluginMayNotTakeTheNameOfABuiltInOperation() throws Exception {
        Path jar = TestPluginJar.write(dir.resolve("impostor.jar"), List.of(EchoImpostor.class), List.of("demo.echo"));

        ChildReadiness readiness = start(jar);
        assertThat(readiness.problems())
                .containsExactly("plug-in operation demo.echo reuses the name of a built-in operation");

        Recorder run = new Recorder();
        child.run("demo.echo", MAPPER.readTree("{\"a\":1}"), run);
        assertThat(run.next().result()).doesNotContain("impostor");
    }

    @Test
    void withoutPluginsAChildLacksPluginOperationsOfTheCatalog() throws Exception {
        ChildReadiness readiness = start();

        assertThat(readiness.problems()).isEmpty();
        assertThat(readiness.refusal(Set.of("demo.echo", "fixture.shout")))
                .contains("the child cannot run these operations of the catalog: fixture.shout");
    }

    /** Collects the lines of one run. */
    private static final class Recorder implements RunObserver {
        final BlockingQueue<ChildMessage> messages = new LinkedBlockingQueue<>();

        @Override
        public void onMessage(ChildProcess process, ChildMessage message) {
            messages.add(message);
        }

        @Override
        public void onExit(ChildProcess process, int exitCode) {}

        ChildMessage next() throws InterruptedException {
            ChildMessage m = messages.poll(20, TimeUnit.SECONDS);
            assertThat(m).as("a line from the child").isNotNull();
            return m;
        }

        ChildMessage nextOf(ChildMessage.Kind kind) throws InterruptedException {
            ChildMessage m = next();
            while (m.kind() != kind) {
                m = next();
            }
            return m;
        }
    }
}
