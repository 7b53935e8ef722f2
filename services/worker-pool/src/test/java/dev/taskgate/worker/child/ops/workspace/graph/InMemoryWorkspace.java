package dev.taskgate.worker.child.ops.workspace.graph;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Files in memory for the pure graph tests; counts reads so tests can see what a traversal read. */
final class InMemoryWorkspace {
    static final String INCLUDE = "#include \"([^\"]+)\"";
    static final String LINK = "\\]\\(([^)\\s]+)\\)";

    final TreeMap<String, String> files = new TreeMap<>();
    final List<String> reads = new ArrayList<>();
    final AtomicInteger readCount = new AtomicInteger();

    InMemoryWorkspace with(String path, String content) {
        files.put(path, content);
        return this;
    }

    Optional<byte[]> read(String path) {
        reads.add(path);
        readCount.incrementAndGet();
        return Optional.ofNullable(files.get(path)).map(s -> s.getBytes(StandardCharsets.UTF_8));
    }

    List<String> roots() {
        return files.keySet().stream()
                .map(p -> p.substring(0, p.indexOf('/')))
                .distinct()
                .sorted()
                .toList();
    }

    /** Stands in for WorkspaceFiles.revision: a hash over path and content of each file, in path order. */
    static String revision(SortedMap<String, byte[]> read) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> file : read.entrySet()) {
                digest.update(file.getKey().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(MessageDigest.getInstance("SHA-256").digest(file.getValue()));
            }
            return "sha256:" + HexFormat.of().formatHex(digest.digest());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    GraphTraversal traversal(GraphQuery query, TraversalLimits limits) {
        return new GraphTraversal(
                query, roots(), new ArrayList<>(files.keySet()), this::read, InMemoryWorkspace::revision, limits);
    }
}
