package dev.taskgate.contracts.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.Wire;

/**
 * The fixed registry of operations, loaded from {@code schemas/operations/catalog.json} (shipped in this
 * jar). worker-pool implements exactly these; frontends list them and validate input against them. The
 * conformance tool pack ({@code schemas/operations/conformance-pack.json}) is added only when a service is
 * configured with {@code taskgate.conformance.enabled=true}; every service of one deployment must agree on it.
 */
public final class OperationCatalog {
    static final String RESOURCE = "taskgate-schemas/operations/catalog.json";
    static final String CONFORMANCE_PACK = "taskgate-schemas/operations/conformance-pack.json";

    private final Map<String, OperationSpec> byName;

    private OperationCatalog(List<OperationSpec> operations) {
        Map<String, OperationSpec> map = new LinkedHashMap<>();
        for (OperationSpec op : operations) {
            if (map.put(op.name(), op) != null) {
                throw new IllegalStateException("operation declared twice: " + op.name());
            }
        }
        this.byName = Map.copyOf(map);
        this.ordered = List.copyOf(operations);
    }

    private final List<OperationSpec> ordered;

    /** Reads the catalog shipped with the contracts, without any optional pack. */
    public static OperationCatalog load() {
        return load(false);
    }

    /**
     * Reads the catalog shipped with the contracts, followed by the conformance tool pack when asked for. A name
     * declared in both is an error.
     */
    public static OperationCatalog load(boolean withConformancePack) {
        return load(withConformancePack, List.of());
    }

    /**
     * Reads the catalog shipped with the contracts, the conformance tool pack when asked for, then the entries of
     * each plug-in jar ({@link PluginJars}). A name declared twice is an error naming the jar.
     */
    public static OperationCatalog load(boolean withConformancePack, List<Path> pluginJars) {
        List<OperationSpec> operations = new ArrayList<>(read(RESOURCE));
        if (withConformancePack) {
            operations.addAll(read(CONFORMANCE_PACK));
        }
        Set<String> names = new HashSet<>();
        operations.forEach(op -> names.add(op.name()));
        for (Path jar : pluginJars) {
            for (OperationSpec op : PluginJars.operationsOf(jar)) {
                if (!names.add(op.name())) {
                    throw new IllegalStateException(
                            "plug-in " + jar + " declares " + op.name() + ", which is already in the catalog");
                }
                operations.add(op);
            }
        }
        return new OperationCatalog(operations);
    }

    private static List<OperationSpec> read(String resource) {
        try (InputStream in = OperationCatalog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("operation catalog missing from the classpath: " + resource);
            }
            return Wire.mapper().readValue(in, CatalogFile.class).operations();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the operation catalog " + resource, e);
        }
    }

    /** The operation with this name, if registered. */
    public Optional<OperationSpec> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every registered operation, in declaration order. */
    public List<OperationSpec> all() {
        return ordered;
    }

    private record CatalogFile(@JsonProperty("operations") List<OperationSpec> operations) {}
}
