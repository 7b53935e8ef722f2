package dev.taskgate.examples.hoi4.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import dev.taskgate.operation.api.WorkspaceReader;

/** A {@link WorkspaceReader} over directories of the test, each a root named like worker-pool names them. */
public final class DirectoryWorkspace implements WorkspaceReader {
    private final Map<String, Path> roots = new LinkedHashMap<>();
    private final List<String> reads = new ArrayList<>();

    public DirectoryWorkspace(String rootName, Path directory) {
        roots.put(rootName, directory);
    }

    public DirectoryWorkspace withRoot(String rootName, Path directory) {
        roots.put(rootName, directory);
        return this;
    }

    /** Writes {@code text} (UTF-8) to {@code <root>/<relative>}, creating folders. */
    public DirectoryWorkspace write(String workspacePath, String text) {
        Path file = resolve(workspacePath);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** The workspace paths read so far, in order. */
    public List<String> reads() {
        return List.copyOf(reads);
    }

    @Override
    public List<String> files() {
        List<String> files = new ArrayList<>();
        roots.forEach((name, directory) -> {
            try (Stream<Path> walk = Files.walk(directory)) {
                walk.filter(Files::isRegularFile)
                        .map(p ->
                                name + "/" + directory.relativize(p).toString().replace('\\', '/'))
                        .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        files.sort(null);
        return files;
    }

    @Override
    public Optional<byte[]> read(String workspacePath) {
        reads.add(workspacePath);
        Path file = resolve(workspacePath);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path resolve(String workspacePath) {
        int slash = workspacePath.indexOf('/');
        Path root = slash < 0 ? null : roots.get(workspacePath.substring(0, slash));
        if (root == null || workspacePath.startsWith("/") || workspacePath.contains("..")) {
            throw new IllegalArgumentException("malformed workspace path: " + workspacePath);
        }
        return root.resolve(workspacePath.substring(slash + 1));
    }
}
