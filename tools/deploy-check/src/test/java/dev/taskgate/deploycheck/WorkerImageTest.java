package dev.taskgate.deploycheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * worker-pool's image: its plug-in folder (src/main/jib, which Jib copies into the image's root) and the child
 * classpath, which is the packaged application's own jars (ChildClasspath: the child classes, the three Jackson jars,
 * the plug-in API).
 */
class WorkerImageTest {
    private static final String PLUGINS = "/opt/taskgate/plugins";

    @Test
    void theImageHasAnEmptyPluginFolderThatComposeMountsForTheThreeServicesThatReadIt() throws IOException {
        Path folder = Repo.ROOT.resolve("services/worker-pool/src/main/jib" + PLUGINS);
        assertThat(folder).isDirectory();
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".jar"));
        }
        Map<String, JsonNode> services = Compose.services(Repo.compose());
        for (String service : List.of("mcp-frontend", "job-control", "worker-pool")) {
            assertThat(Compose.environment(services.get(service)))
                    .as(service)
                    .containsEntry("TASKGATE_PLUGINS_DIRECTORY", PLUGINS);
            assertThat(Compose.strings(services.get(service).path("volumes")))
                    .as(service)
                    .contains("./.taskgate/compose/plugins:" + PLUGINS + ":ro");
        }
    }

    @Test
    void thePackagedWorkerHoldsTheChildClasspath() throws IOException {
        Path app = Repo.ROOT.resolve("services/worker-pool/target/quarkus-app");
        Assumptions.assumeTrue(Files.isDirectory(app.resolve("lib/main")), "worker-pool is not packaged");
        try (Stream<Path> jars = Files.list(app.resolve("lib/main"))) {
            assertThat(jars.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("com.fasterxml.jackson.core.jackson-databind-"))
                    .anyMatch(n -> n.startsWith("com.fasterxml.jackson.core.jackson-core-"))
                    .anyMatch(n -> n.startsWith("com.fasterxml.jackson.core.jackson-annotations-"))
                    .anyMatch(n -> n.startsWith("dev.taskgate.operation-api-"))
                    .anyMatch(n -> n.startsWith("dev.taskgate.pinned-http-"));
        }
        Path own;
        try (Stream<Path> jars = Files.list(app.resolve("app"))) {
            own = jars.filter(p -> p.getFileName().toString().startsWith("worker-pool-"))
                    .findFirst()
                    .orElseThrow();
        }
        try (ZipFile jar = new ZipFile(own.toFile())) {
            assertThat(jar.getEntry("dev/taskgate/worker/child/ChildMain.class"))
                    .isNotNull();
        }
    }
}
