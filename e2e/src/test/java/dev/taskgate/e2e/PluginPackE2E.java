package dev.taskgate.e2e;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17 item 5: operation plug-ins on the packaged stack. The stack runs with the example plug-in
 * {@code examples/hoi4-pack} in its plug-in directory ({@link LocalStack#pluginsDirectory()}).
 */
@ExtendWith(LocalStack.class)
class PluginPackE2E {

    @Test
    void aWorkerWhosePluginsDoNotMatchTheirCatalogRefusesToStart() throws Exception {
        Path plugins = Files.createDirectories(
                LocalStack.repo().resolve("e2e/target/mismatched-plugins-" + UUID.randomUUID()));
        writeJarDeclaring(plugins.resolve("mismatched.jar"), "mismatch.missing");

        ServiceProcess worker = LocalStack.get()
                .spawn(
                        "worker-pool",
                        "worker-pool-mismatched-plugins",
                        Map.of(
                                "TASKGATE_PLUGINS_DIRECTORY",
                                plugins.toString(),
                                // no broker: this instance must not join the stack's consumer groups on its way down
                                "TASKGATE_KAFKA_BOOTSTRAP",
                                "127.0.0.1:1"));

        OptionalInt exit = worker.awaitExit(Duration.ofSeconds(120));
        assertThat(exit).as("the worker stops by itself").isPresent();
        assertThat(exit.getAsInt()).isNotZero();
        assertThat(Files.readString(worker.log()))
                .contains("worker children refused")
                .contains("plug-in catalog entry mismatch.missing has no implementation");
    }

    private static void writeJarDeclaring(Path jar, String toolName) throws Exception {
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("META-INF/taskgate/operations.json"));
            out.write(("{\"operations\": [{\"name\": \"" + toolName
                            + "\", \"version\": \"1\", \"mutating\": false, \"inputSchema\": {\"type\": \"object\"}}]}")
                    .getBytes(StandardCharsets.UTF_8));
        }
    }
}
