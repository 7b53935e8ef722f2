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
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.Wire;

/**
 * The registry of operations. Taskgate's own are loaded from {@code schemas/operations/catalog.json} (shipped in this
 * jar) and fixed for the life of a service: worker-pool implements exactly these; frontends list them and validate
 * input against them. The conformance tool pack ({@code schemas/operations/conformance-pack.json}) is added only when a
 * service is configured with {@code taskgate.conformance.enabled=true}; every service of one deployment must agree on
 * it. The tools of upstream MCP servers (the gateway) follow them and change while the service runs: they are replaced
 * as a whole ({@link #replaceUpstreamTools}) whenever job-control's discovery learns something new.
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
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private volatile UpstreamTools upstream = UpstreamTools.NONE;
    private volatile Map<String, OperationSpec> upstreamByName = Map.of();

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
        operations.stream().filter(OperationSpec::isUpstream).findFirst().ifPresent(op -> {
            throw new IllegalStateException("the catalog entry of " + op.name()
                    + " declares 'upstream', which only the gateway's discovery sets");
        });
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

    /** A catalog of exactly these operations (for tests and tools). */
    public static OperationCatalog of(List<OperationSpec> operations) {
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

    /** The operation with this name, if registered: one of Taskgate's own, else an upstream tool. */
    public Optional<OperationSpec> find(String name) {
        OperationSpec own = byName.get(name);
        return own != null ? Optional.of(own) : Optional.ofNullable(upstreamByName.get(name));
    }

    /** Every registered operation: Taskgate's own in declaration order, then the upstream tools. */
    public List<OperationSpec> all() {
        UpstreamTools current = upstream;
        if (current.tools().isEmpty()) {
            return ordered;
        }
        List<OperationSpec> all =
                new ArrayList<>(ordered.size() + current.tools().size());
        all.addAll(ordered);
        all.addAll(current.tools());
        return List.copyOf(all);
    }

    /** Taskgate's own operations (built in, conformance pack, plug-ins): those a worker child implements. */
    public List<OperationSpec> own() {
        return ordered;
    }

    /** The upstream tools and upstreams as last replaced. */
    public UpstreamTools upstreamTools() {
        return upstream;
    }

    /**
     * Replaces the upstream tools with {@code next}, unless it carries the revision already held.
     *
     * @return whether anything changed
     * @throws IllegalArgumentException when an upstream tool has the name of one of Taskgate's own operations
     */
    public synchronized boolean replaceUpstreamTools(UpstreamTools next) {
        if (next.revision().equals(upstream.revision())) {
            return false;
        }
        for (OperationSpec tool : next.tools()) {
            if (byName.containsKey(tool.name())) {
                throw new IllegalArgumentException(
                        "upstream tool " + tool.name() + " has the name of one of Taskgate's own operations");
            }
        }
        upstreamByName = Map.copyOf(next.byName());
        upstream = next;
        listeners.forEach(Runnable::run);
        return true;
    }

    /** Runs {@code listener} after every change of the upstream tools (on the thread that made it). */
    public void onUpstreamChange(Runnable listener) {
        listeners.add(listener);
    }

    private record CatalogFile(@JsonProperty("operations") List<OperationSpec> operations) {}
}
