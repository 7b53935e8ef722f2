package dev.taskgate.worker.pool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChildClasspathTest {

    @Test
    void holdsTheChildClassesAndTheThreeJacksonJars() {
        List<Path> locations = ChildClasspath.locations();

        assertThat(locations).hasSize(4).allMatch(Files::exists);
        assertThat(locations.get(0)).endsWith(Path.of("target", "classes"));
        assertThat(locations.subList(1, 4))
                .extracting(p -> p.getFileName().toString())
                .anyMatch(n -> n.startsWith("jackson-databind-"))
                .anyMatch(n -> n.startsWith("jackson-core-"))
                .anyMatch(n -> n.startsWith("jackson-annotations-"));
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
                        "-XX:TieredStopAtLevel=1",
                        "dev.taskgate.worker.child.ChildMain");
    }
}
