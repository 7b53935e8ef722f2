package dev.taskgate.frontend.mcp;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.frontend.FrontendConfig;

/**
 * The task policy of each tool: configured ({@code taskgate.frontend.mcp.task-policy}), else the catalog's
 * {@code taskSupport}, else {@code optional}.
 */
@Singleton
@Startup
public class TaskPolicies {
    private final Map<String, TaskPolicy> configured;

    @Inject
    TaskPolicies(FrontendConfig config, OperationCatalog catalog) {
        this(config.mcp().taskPolicy(), catalog);
    }

    /** Policies for the catalog's tools; a policy for a tool the catalog lacks is a configuration error. */
    public TaskPolicies(Map<String, TaskPolicy> configured, OperationCatalog catalog) {
        TreeSet<String> unknown = new TreeSet<>();
        configured.keySet().stream()
                .filter(name -> catalog.find(name).isEmpty())
                .forEach(unknown::add);
        if (!unknown.isEmpty()) {
            throw new IllegalStateException(
                    "taskgate.frontend.mcp.task-policy names tools that are not registered: " + unknown);
        }
        Map<String, TaskPolicy> policies = new HashMap<>();
        catalog.all().stream()
                .filter(op -> op.taskSupport() != null)
                .forEach(op -> policies.put(op.name(), TaskPolicy.fromWireName(op.taskSupport())));
        policies.putAll(configured);
        this.configured = Map.copyOf(policies);
    }

    /** The policy of this tool. */
    public TaskPolicy of(String toolName) {
        return configured.getOrDefault(toolName, TaskPolicy.OPTIONAL);
    }
}
