package dev.taskgate.worker.pool;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.taskgate.worker.child.ChildMain;
import dev.taskgate.worker.child.ops.RewriteOperation;

/** The command line that starts one child JVM: {@code java} from the worker's own {@code java.home}. */
public final class ChildCommand {

    private ChildCommand() {}

    /**
     * @param maxHeap value for {@code -Xmx}, e.g. {@code 64m}
     * @return the command and its arguments
     */
    public static List<String> build(String maxHeap) {
        return build(maxHeap, Optional.empty());
    }

    /**
     * @param maxHeap         value for {@code -Xmx}, e.g. {@code 64m}
     * @param rewriteSandbox  the directory rewrite operations work in, handed to the child as
     *                        {@code taskgate.rewrite.root}
     * @return the command and its arguments
     */
    public static List<String> build(String maxHeap, Optional<Path> rewriteSandbox) {
        return build(maxHeap, rewriteSandbox, ChildClasspath.locations());
    }

    /**
     * @param maxHeap        value for {@code -Xmx}, e.g. {@code 64m}
     * @param rewriteSandbox the directory rewrite operations work in
     * @param classpath      the child's classpath, {@link ChildClasspath#locations()} unless a test copies it
     * @return the command and its arguments
     */
    public static List<String> build(String maxHeap, Optional<Path> rewriteSandbox, List<Path> classpath) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(
                java.toString(),
                "-Xmx" + maxHeap,
                "-XX:+UseSerialGC",
                // a young generation of an eighth of the heap instead of a third: eden is touched whole between two
                // collections, so it is resident whatever the child keeps (docs/performance.md "Memory")
                "-XX:NewRatio=7",
                "-XX:TieredStopAtLevel=1",
                // HotSpot prints its own warnings on stdout by default, which would corrupt the protocol.
                "-XX:+DisplayVMOutputToStderr",
                // no hsperfdata file in a shared /tmp: nothing outside the child's own directory is written
                "-XX:-UsePerfData",
                "-Dfile.encoding=UTF-8",
                "-cp",
                ChildClasspath.asArgument(classpath)));
        rewriteSandbox.ifPresent(
                dir -> command.add("-D" + RewriteOperation.ROOT_PROPERTY + "=" + dir.toAbsolutePath()));
        command.add(ChildMain.class.getName());
        return List.copyOf(command);
    }
}
