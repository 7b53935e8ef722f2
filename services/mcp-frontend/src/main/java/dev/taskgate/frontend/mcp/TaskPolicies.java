package dev.taskgate.frontend.mcp;

import java.util.Map;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.frontend.FrontendConfig;

/** The configured task policy of each tool ({@code taskgate.frontend.mcp.task-policy}), {@code optional} by default. */
@Singleton
@Startup
public class TaskPolicies {
    private final Map<String, TaskPolicy> configured;

    @Inject
    TaskPolicies(FrontendConfig config) {
        this(config.mcp().taskPolicy(), OperationCatalog.load());
    }

    /** Policies for the catalog's tools; a policy for a tool the catalog lacks is a configuration error. */
    public TaskPolicies(Map<String, TaskPolicy> configured, OperationCatalog catalog) {
        TreeSet<String> unknown = new TreeSet<>();
        configured.keySet().stream().filter(name -> catalog.find(name).isEmpty()).forEach(unknown::add);
        if (!unknown.isEmpty()) {
            throw new IllegalStateException("taskgate.frontend.mcp.task-policy names tools that are not registered: "
                    + unknown);
        }
        this.configured = Map.copyOf(configured);
    }

    /** The policy of this tool. */
    public TaskPolicy of(String toolName) {
        return configured.getOrDefault(toolName, TaskPolicy.OPTIONAL);
    }
}
