package dev.taskgate.worker.pool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChildClasspathTest {

    @Test
    void holdsTheChildClassesTheThreeJacksonJarsThePluginApiAndPinnedHttp() {
        List<Path> locations = ChildClasspath.locations();

        assertThat(locations).hasSize(6).allMatch(Files::exists);
        assertThat(locations.get(0)).endsWith(Path.of("target", "classes"));
        assertThat(locations.subList(1, 6))
                .extracting(p -> p.getFileName().toString())
                .anyMatch(n -> n.startsWith("jackson-databind-"))
                .anyMatch(n -> n.startsWith("jackson-core-"))
                .anyMatch(n -> n.startsWith("jackson-annotations-"))
                .anyMatch(n -> n.startsWith("operation-api-") || n.equals("classes"))
                .anyMatch(n -> n.startsWith("pinned-http-") || n.equals("classes"));
    }

    @Test
    void pluginJarsFollowTheChildsOwnLocations() {
        Path plugin = Path.of("/opt/plugins/pack.jar");

        List<Path> classpath = ChildClasspath.withPlugins(List.of(plugin));

        assertThat(classpath.subList(0, 6)).isEqualTo(ChildClasspath.locations());
        assertThat(classpath).hasSize(7).last().isEqualTo(plugin);
    }

    @Test
    void theCommandUsesTheRunningJavaAndTheFixedJvmOptions() {
        List<String> command = ChildCommand.build("64m");

        assertThat(command.get(0))
                .isEqualTo(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString());
        assertThat(command)
                .contains(
                        "-Xmx64m",
                        "-XX:+UseSerialGC",
                        "-XX:NewRatio=7",
                        "-XX:TieredStopAtLevel=1",
                        "dev.taskgate.worker.child.ChildMain");
    }
}
