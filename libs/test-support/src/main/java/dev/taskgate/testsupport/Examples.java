package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/**
 * The contract examples ({@code schemas/examples/}, shipped in the contracts jar under
 * {@code taskgate-schemas/examples/}): realistic, schema-valid records and API bodies to build test input
 * from. Paths are relative to {@code examples/}, e.g. {@code kafka/taskgate.work.v1/RunOperation.json}.
 */
public final class Examples {
    private static final String ROOT = Schemas.CLASSPATH_ROOT + "examples/";

    private Examples() {}

    /** The example's exact bytes. */
    public static byte[] bytes(String path) {
        try (InputStream in = loader().getResourceAsStream(ROOT + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no example on the classpath at " + ROOT + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read example " + path, e);
        }
    }

    /** The example as a tree (a fresh copy: callers may modify it). */
    public static JsonNode load(String path) {
        try {
            return Wire.mapper().readTree(bytes(path));
        } catch (IOException e) {
            throw new UncheckedIOException("example is not JSON: " + path, e);
        }
    }

    /** The example read with {@link Wire} into a contract type, e.g. {@code read(path, WorkerEvent.class)}. */
    public static <T> T read(String path, Class<T> type) {
        return Wire.fromBytes(bytes(path), type);
    }

    /**
     * The example files under {@code folder} (and its sub-folders), sorted, as paths usable with
     * {@link #load}; e.g. {@code list("kafka/taskgate.worker-events.v1")}. Empty when there is no such folder.
     */
    public static List<String> list(String folder) {
        String prefix = ROOT + (folder.isEmpty() || folder.endsWith("/") ? folder : folder + "/");
        TreeSet<String> found = new TreeSet<>();
        try {
            Enumeration<URL> roots = loader().getResources(prefix);
            while (roots.hasMoreElements()) {
                URL url = roots.nextElement();
                switch (url.getProtocol()) {
                    case "file" -> listDirectory(Path.of(url.toURI()), prefix, found);
                    case "jar" -> listJar(url, prefix, found);
                    default -> throw new IllegalStateException("cannot list examples at " + url);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list examples under " + folder, e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return List.copyOf(found);
    }

    private static void listDirectory(Path dir, String prefix, TreeSet<String> found) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".json"))
                    .forEach(p -> found.add(
                            relative(prefix + dir.relativize(p).toString().replace('\\', '/'))));
        }
    }

    private static void listJar(URL url, String prefix, TreeSet<String> found) throws IOException {
        JarURLConnection connection = (JarURLConnection) url.openConnection();
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.startsWith(prefix) && name.endsWith(".json")) {
                    found.add(relative(name));
                }
            }
        }
    }

    private static String relative(String resource) {
        return resource.substring(ROOT.length());
    }

    private static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : Examples.class.getClassLoader();
    }
}
