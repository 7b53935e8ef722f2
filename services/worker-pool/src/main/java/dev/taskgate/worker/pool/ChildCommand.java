package dev.taskgate.worker.pool;

import java.nio.file.Path;
import java.util.List;

import dev.taskgate.worker.child.ChildMain;

/** The command line that starts one child JVM: {@code java} from the worker's own {@code java.home}. */
public final class ChildCommand {
    private ChildCommand() {
    }

    /**
     * @param maxHeap value for {@code -Xmx}, e.g. {@code 64m}
     * @return the command and its arguments
     */
    public static List<String> build(String maxHeap) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return List.of(
                java.toString(),
                "-Xmx" + maxHeap,
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                // HotSpot prints its own warnings on stdout by default, which would corrupt the protocol.
                "-XX:+DisplayVMOutputToStderr",
                "-Dfile.encoding=UTF-8",
                "-cp", ChildClasspath.asArgument(),
                ChildMain.class.getName());
    }
}
