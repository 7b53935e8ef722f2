package dev.taskgate.worker.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.DevServiceKeys;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.child.workspace.Workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The two documented ways to register a workspace: a quoted property key and environment variables. */
class WorkspaceConfigFormsTest {
    @TempDir
    Path temp;

    @Test
    void readsQuotedIdKeysFromProperties() throws IOException {
        Path src = Files.createDirectories(temp.resolve("src"));
        Path docs = Files.createDirectories(temp.resolve("docs"));

        Map<String, Workspace> workspaces = WorkspaceRegistry.from(config(new PropertiesConfigSource(
                        Map.of(
                                "taskgate.worker.instance-id", "w1",
                                "taskgate.worker.workspaces.\"acme/demo\".roots", src + "," + "manual=" + docs,
                                "taskgate.worker.workspaces.\"acme/demo\".max-file-bytes", "2048",
                                // a list value: a regex backslash is doubled and a comma escaped (SmallRye list syntax)
                                "taskgate.worker.workspaces.\"acme/demo\".reference-patterns", "use (\\\\w+)\\,?"),
                        "test",
                        100))
                .workspaces());

        assertThat(workspaces).containsOnlyKeys("acme/demo");
        Workspace workspace = workspaces.get("acme/demo");
        assertThat(workspace.roots())
                .extracting(r -> r.name() + "=" + r.directory())
                .containsExactly("src=" + src, "manual=" + docs);
        assertThat(workspace.maxFileBytes()).isEqualTo(2048);
        assertThat(workspace.referencePatterns())
                .extracting(java.util.regex.Pattern::pattern)
                .containsExactly("use (\\w+),?");
    }

    @Test
    void readsNamedEntriesWithAnIdFromEnvironmentVariables() throws IOException {
        Path src = Files.createDirectories(temp.resolve("src"));

        Map<String, Workspace> workspaces = WorkspaceRegistry.from(config(new EnvConfigSource(
                        Map.of(
                                "TASKGATE_WORKER_INSTANCE_ID", "w1",
                                "TASKGATE_WORKER_WORKSPACES_DEMO_ID", "acme/demo",
                                "TASKGATE_WORKER_WORKSPACES_DEMO_ROOTS", src.toString()),
                        300))
                .workspaces());

        assertThat(workspaces).containsOnlyKeys("acme/demo");
        assertThat(workspaces.get("acme/demo").roots())
                .extracting(r -> r.directory())
                .containsExactly(src);
        assertThat(workspaces.get("acme/demo").maxFileBytes()).isEqualTo(Workspace.DEFAULT_MAX_FILE_BYTES);
    }

    @Test
    void noWorkspacesByDefault() {
        assertThat(config(new PropertiesConfigSource(Map.of("taskgate.worker.instance-id", "w1"), "test", 100))
                        .workspaces())
                .isEmpty();
    }

    @Test
    void refusesAnIdRegisteredTwice() throws IOException {
        Path src = Files.createDirectories(temp.resolve("src"));

        assertThatThrownBy(() -> WorkspaceRegistry.from(config(new PropertiesConfigSource(
                                Map.of(
                                        "taskgate.worker.instance-id",
                                        "w1",
                                        "taskgate.worker.workspaces.\"acme/demo\".roots",
                                        src.toString(),
                                        "taskgate.worker.workspaces.other.id",
                                        "acme/demo",
                                        "taskgate.worker.workspaces.other.roots",
                                        src.toString()),
                                "test",
                                100))
                        .workspaces()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("registers workspace acme/demo twice");
    }

    @Test
    void refusesAnEntryWithoutRoots() {
        assertThatThrownBy(() -> WorkspaceRegistry.from(config(new PropertiesConfigSource(
                                Map.of(
                                        "taskgate.worker.instance-id", "w1",
                                        "taskgate.worker.workspaces.\"acme/demo\".max-file-bytes", "10"),
                                "test",
                                100))
                        .workspaces()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("taskgate.worker.workspaces.\"acme/demo\" is invalid: roots: at least one directory is "
                        + "required");
    }

    private static WorkerConfig config(org.eclipse.microprofile.config.spi.ConfigSource source) {
        // Quarkus reads durations like "2s" with its own converter; the mapping needs it outside Quarkus too
        // the members every WorkerConfig needs besides the ones under test (lower ordinal: the source wins)
        var required = new PropertiesConfigSource(
                Map.of(
                        "taskgate.worker.service-signing-key",
                        DevServiceKeys.WORKER_POOL_SIGNING_KEY,
                        "taskgate.worker.payload-keys",
                        DevPayloadKeys.PRIMARY),
                "required",
                50);
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(source, required)
                .withConverter(java.time.Duration.class, 200, new io.quarkus.runtime.configuration.DurationConverter())
                .withMapping(WorkerConfig.class)
                .build();
        return config.getConfigMapping(WorkerConfig.class);
    }
}
