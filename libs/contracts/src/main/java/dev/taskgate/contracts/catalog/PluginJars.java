package dev.taskgate.contracts.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.Wire;

/**
 * The operation plug-ins of a deployment: every {@code *.jar} in the directory named by
 * {@code taskgate.plugins.directory}, which every service of one deployment must be given alike (as for the
 * conformance pack). A plug-in jar declares its operations in {@value #CATALOG_ENTRY}, in the format of
 * {@code schemas/operations/catalog.json}; worker-pool's children run their implementations (docs/plugins.md).
 */
public final class PluginJars {
    /** Where a plug-in jar declares its catalog entries. */
    public static final String CATALOG_ENTRY = "META-INF/taskgate/operations.json";

    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,128}");

    private PluginJars() {}

    /**
     * The jars of {@code directory}, sorted by name; none when no directory is configured.
     *
     * @throws IllegalStateException when the directory is configured but is not a readable directory
     */
    public static List<Path> in(Optional<Path> directory) {
        if (directory.isEmpty()) {
            return List.of();
        }
        Path dir = directory.get();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("taskgate.plugins.directory is not a directory: " + dir);
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                    .filter(Files::isRegularFile)
                    .map(Path::toAbsolutePath)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the plug-in directory " + dir, e);
        }
    }

    /**
     * The catalog entries {@code jar} declares.
     *
     * @throws IllegalStateException when the jar has no {@value #CATALOG_ENTRY}, or it is malformed, empty or names
     *     a tool with characters MCP does not allow
     */
    public static List<OperationSpec> operationsOf(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry entry = zip.getEntry(CATALOG_ENTRY);
            if (entry == null) {
                throw new IllegalStateException("plug-in " + jar + " has no " + CATALOG_ENTRY);
            }
            List<OperationSpec> operations;
            try (InputStream in = zip.getInputStream(entry)) {
                operations = Wire.mapper().readValue(in, CatalogFile.class).operations();
            }
            if (operations == null || operations.isEmpty()) {
                throw new IllegalStateException("plug-in " + jar + " declares no operations in " + CATALOG_ENTRY);
            }
            for (OperationSpec op : operations) {
                if (!TOOL_NAME.matcher(op.name()).matches()) {
                    throw new IllegalStateException("plug-in " + jar + " declares an invalid tool name: " + op.name());
                }
                if (op.isUpstream()) {
                    throw new IllegalStateException("plug-in " + jar + ": " + op.name()
                            + " declares 'upstream', which only the gateway's discovery sets");
                }
                if (!op.inputSchema().isObject()) {
                    throw new IllegalStateException(
                            "plug-in " + jar + ": the inputSchema of " + op.name() + " is not an object");
                }
            }
            return operations;
        } catch (IOException | RuntimeException e) {
            if (e instanceof IllegalStateException) {
                throw (IllegalStateException) e;
            }
            throw new IllegalStateException("cannot read the catalog of plug-in " + jar + ": " + e.getMessage(), e);
        }
    }

    private record CatalogFile(@JsonProperty("operations") List<OperationSpec> operations) {}
}
