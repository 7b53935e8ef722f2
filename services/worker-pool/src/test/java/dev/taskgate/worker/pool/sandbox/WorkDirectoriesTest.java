package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The worker's directory under the work root: locked while the worker lives, removed by the next one otherwise. */
class WorkDirectoriesTest {

    @TempDir
    Path root;

    @Test
    void removesTheDirectoriesOfAWorkerThatEndedWithoutCleaningUp() throws Exception {
        Path ended = Files.createDirectories(root.resolve("worker-ended"));
        Files.writeString(ended.resolve(WorkDirectories.LOCK), "");
        Files.createDirectories(ended.resolve("child-1/left"));
        Files.writeString(ended.resolve("child-1/left/file.txt"), "from a killed worker");
        Path halfRemoved = Files.createDirectories(root.resolve("worker-half-removed/child-2"));

        try (WorkDirectories directories = new WorkDirectories(root, Optional.empty())) {
            assertThat(ended).doesNotExist();
            assertThat(halfRemoved.getParent()).doesNotExist();
            assertThat(directories.workerDirectory()).isDirectory().hasParent(root);
        }
    }

    @Test
    void keepsTheDirectoriesOfAWorkerThatIsStillRunning() throws Exception {
        try (WorkDirectories running = new WorkDirectories(root, Optional.empty())) {
            Path child = running.create();

            try (WorkDirectories next = new WorkDirectories(root, Optional.empty())) {
                assertThat(child).isDirectory();
                assertThat(next.workerDirectory()).isNotEqualTo(running.workerDirectory());
            }
        }
    }

    @Test
    void closingRemovesTheWorkersDirectoryWithItsChildren() throws Exception {
        WorkDirectories directories = new WorkDirectories(root, Optional.empty());
        Path child = directories.create();
        Files.writeString(child.resolve("file.txt"), "x");

        directories.close();

        assertThat(directories.workerDirectory()).doesNotExist();
        try (var remaining = Files.list(root)) {
            assertThat(remaining).isEmpty();
        }
    }
}
