package dev.taskgate.worker.child.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.operation.api.ToolOperation;
import dev.taskgate.worker.child.Operation;

/**
 * The plug-in operations on the child's classpath: the {@link ToolOperation} implementations {@link ServiceLoader}
 * finds, checked against the names the plug-in jars declare in {@value #CATALOG_ENTRY}. Every declared name needs
 * exactly one implementation and every implementation a declaration; what breaks that is reported as a problem (the
 * parent refuses a child with problems) and the offending operation is left out.
 */
public final class PluginOperations {
    /** The catalog entry of a plug-in jar (the same name as the contracts' {@code PluginJars.CATALOG_ENTRY}). */
    public static final String CATALOG_ENTRY = "META-INF/taskgate/operations.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PluginOperations() {}

    /**
     * @param operations the plug-in operations by name
     * @param problems what is wrong with the plug-ins, one sentence each; empty when all is well
     */
    public record Loaded(Map<String, Operation> operations, List<String> problems) {}

    /** Loads the plug-ins {@code loader} sees; names in {@code reserved} (the built-in ones) may not be reused. */
    public static Loaded load(ClassLoader loader, Set<String> reserved) {
        List<String> problems = new ArrayList<>();
        Set<String> declared = declaredNames(loader, problems);
        Map<String, Operation> operations = new LinkedHashMap<>();
        Set<String> implemented = new TreeSet<>();
        try {
            for (ToolOperation tool : ServiceLoader.load(ToolOperation.class, loader)) {
                String name = tool.name();
                if (name == null || !implemented.add(name)) {
                    problems.add("two plug-in implementations are named " + name);
                    operations.remove(name);
                } else if (reserved.contains(name)) {
                    problems.add("plug-in operation " + name + " reuses the name of a built-in operation");
                } else if (!declared.contains(name)) {
                    problems.add("plug-in operation " + name + " ("
                            + tool.getClass().getName() + ") has no entry in " + CATALOG_ENTRY);
                } else {
                    operations.put(name, new PluginOperation(tool));
                }
            }
        } catch (ServiceConfigurationError e) {
            problems.add("a plug-in operation could not be loaded: " + e.getMessage());
        }
        for (String name : declared) {
            if (!implemented.contains(name)) {
                problems.add("plug-in catalog entry " + name + " has no implementation");
            }
        }
        return new Loaded(Collections.unmodifiableMap(operations), List.copyOf(problems));
    }

    private static Set<String> declaredNames(ClassLoader loader, List<String> problems) {
        Set<String> names = new TreeSet<>();
        try {
            for (URL url : Collections.list(loader.getResources(CATALOG_ENTRY))) {
                try (InputStream in = url.openStream()) {
                    for (JsonNode operation : MAPPER.readTree(in).path("operations")) {
                        names.add(operation.path("name").asText());
                    }
                } catch (IOException e) {
                    problems.add("cannot read " + url + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the plug-in catalogs", e);
        }
        return names;
    }
}
