package dev.taskgate.worker.pool;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.operation.api.ToolOperation;
import dev.taskgate.pinnedhttp.PinnedEndpoint;
import dev.taskgate.worker.child.ChildMain;

/**
 * The classpath of a child JVM: the locations the running worker loaded the child's classes, Jackson, the plug-in
 * API and pinned-http from (target/classes and Maven jars in tests, {@code quarkus-app/app} and {@code lib/main} when packaged),
 * followed by the deployment's plug-in jars. The child package depends on nothing else (enforced by
 * {@code ArchitectureTest}).
 */
public final class ChildClasspath {
    private static final List<Class<?>> ANCHORS = List.of(
            ChildMain.class,
            ObjectMapper.class,
            JsonFactory.class,
            JsonProperty.class,
            ToolOperation.class,
            PinnedEndpoint.class);

    private ChildClasspath() {}

    /** The distinct code-source locations of the child's classes and their dependencies, in a stable order. */
    public static List<Path> locations() {
        Set<Path> paths = new LinkedHashSet<>();
        for (Class<?> anchor : ANCHORS) {
            paths.add(locationOf(anchor));
        }
        return List.copyOf(paths);
    }

    /** {@link #locations()} followed by the plug-in jars, which only the children load. */
    public static List<Path> withPlugins(List<Path> pluginJars) {
        List<Path> paths = new ArrayList<>(locations());
        paths.addAll(pluginJars);
        return List.copyOf(paths);
    }

    /** {@code locations} joined for {@code -cp}. */
    static String asArgument(List<Path> locations) {
        return String.join(
                File.pathSeparator, locations.stream().map(Path::toString).toList());
    }

    static Path locationOf(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        try {
            if (source != null && source.getLocation() != null) {
                return Path.of(source.getLocation().toURI());
            }
            return fromResource(type);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot locate the code source of " + type.getName(), e);
        }
    }

    // Some class loaders define classes without a CodeSource; the class file's own URL still names its root.
    private static Path fromResource(Class<?> type) throws URISyntaxException {
        String resource = type.getName().replace('.', '/') + ".class";
        URL url = type.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException("class file not found: " + resource);
        }
        String text = url.toString();
        if (text.startsWith("jar:")) {
            return Path.of(new java.net.URI(text.substring(4, text.indexOf("!/"))));
        }
        if (text.startsWith("file:") && text.endsWith(resource)) {
            return Path.of(new java.net.URI(text.substring(0, text.length() - resource.length())));
        }
        throw new IllegalStateException("unsupported class location " + text + " for " + type.getName());
    }
}
