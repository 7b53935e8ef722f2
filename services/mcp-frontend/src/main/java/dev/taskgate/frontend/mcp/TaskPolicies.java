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
    private final OperationCatalog catalog;

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
        catalog.own().stream()
                .filter(op -> op.taskSupport() != null)
                .forEach(op -> policies.put(op.name(), TaskPolicy.fromWireName(op.taskSupport())));
        policies.putAll(configured);
        this.configured = Map.copyOf(policies);
        this.catalog = catalog;
    }

    /** The policy of this tool; an upstream tool's comes from its catalog entry (the operator's upstream policy). */
    public TaskPolicy of(String toolName) {
        TaskPolicy own = configured.get(toolName);
        if (own != null) {
            return own;
        }
        return catalog.find(toolName)
                .filter(op -> op.isUpstream() && op.taskSupport() != null)
                .map(op -> TaskPolicy.fromWireName(op.taskSupport()))
                .orElse(TaskPolicy.OPTIONAL);
    }
}
