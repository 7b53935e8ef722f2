package dev.taskgate.worker.workspace;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import io.quarkus.runtime.Startup;

import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.child.workspace.Workspace;

/**
 * The workspaces this worker registered ({@code taskgate.worker.workspaces}), checked once at startup: an invalid
 * entry stops the service from starting, with a message naming the key and the problem.
 */
@Startup
@ApplicationScoped
public class WorkspaceRegistry {
    private static final Logger LOG = Logger.getLogger(WorkspaceRegistry.class);

    private final Map<String, Workspace> byId;

    @Inject
    WorkspaceRegistry(WorkerConfig config) {
        this(from(config.workspaces()));
    }

    WorkspaceRegistry(Map<String, Workspace> byId) {
        this.byId = Map.copyOf(byId);
        this.byId
                .values()
                .forEach(w -> LOG.infof(
                        "Workspace registered [id=%s roots=%s]",
                        w.id(),
                        String.join(
                                ", ",
                                w.roots().stream()
                                        .map(r -> r.name() + "=" + r.directory())
                                        .toList())));
    }

    /**
     * Checks every entry and indexes it by workspace id.
     *
     * @throws IllegalArgumentException for an invalid entry or an id registered twice
     */
    public static Map<String, Workspace> from(Map<String, WorkerConfig.WorkspaceSettings> settings) {
        Map<String, Workspace> byId = new TreeMap<>();
        for (Map.Entry<String, WorkerConfig.WorkspaceSettings> entry : new TreeMap<>(settings).entrySet()) {
            WorkerConfig.WorkspaceSettings s = entry.getValue();
            Workspace workspace = WorkspaceDefinitions.define(
                    entry.getKey(), s.id(), s.roots().orElse(List.of()), s.referencePatterns(), s.maxFileBytes());
            if (byId.put(workspace.id(), workspace) != null) {
                throw new IllegalArgumentException(
                        "taskgate.worker.workspaces registers workspace " + workspace.id() + " twice");
            }
        }
        return byId;
    }

    /** The workspace registered under {@code id} ({@code "<org>/<project>"}), if any. */
    public Optional<Workspace> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(byId.get(id));
    }

    /** Every registered id, sorted. */
    public List<String> ids() {
        return byId.keySet().stream().sorted().toList();
    }
}
