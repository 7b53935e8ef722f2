package dev.taskgate.worker.child.ops.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.stream.Stream;

/** A one-root {@link GraphSource} over a real directory, for operation tests. */
final class DirectorySource implements GraphSource {
    static final List<String> PATTERNS = List.of("#include \"([^\"]+)\"", "\\]\\(([^)\\s]+)\\)");

    private final String root;
    private final Path directory;

    DirectorySource(String root, Path directory) {
        this.root = root;
        this.directory = directory;
    }

    @Override
    public String workspaceId() {
        return "test/ws";
    }

    @Override
    public List<String> roots() {
        return List.of(root);
    }

    @Override
    public List<String> files() {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile)
                    .map(p -> root + "/" + directory.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Optional<byte[]> read(String path) {
        try {
            return Optional.of(Files.readAllBytes(directory.resolve(path.substring(root.length() + 1))));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<String> referencePatterns() {
        return PATTERNS;
    }

    @Override
    public String revision(SortedMap<String, byte[]> files) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                digest.update(file.getKey().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(MessageDigest.getInstance("SHA-256").digest(file.getValue()));
            }
            return "sha256:" + HexFormat.of().formatHex(digest.digest());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
