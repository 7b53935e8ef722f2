package dev.taskgate.frontend.mcp.compat;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * The handoff policy of each tool: configured ({@code taskgate.frontend.compat.handoff}), else the catalog's
 * {@code handoff} (for an upstream tool, the operator's policy), else the default
 * ({@code taskgate.frontend.compat.default-handoff}). Checked at startup, so a misspelt policy stops the service
 * instead of silently blocking.
 */
@Singleton
@Startup
public class HandoffPolicies {
    private final Map<String, HandoffPolicy> policies;
    private final OperationCatalog catalog;
    private final HandoffPolicy fallback;
    private final boolean enabled;

    @Inject
    HandoffPolicies(CompatConfig config, OperationCatalog catalog) {
        this(config.handoff(), config.defaultHandoff(), catalog, config.enabled());
    }

    /**
     * Policies for the catalog's tools, {@code fallback} for those without one; a policy for a tool the catalog lacks
     * is a configuration error.
     */
    public HandoffPolicies(Map<String, String> configured, String fallback, OperationCatalog catalog) {
        this(configured, fallback, catalog, true);
    }

    /**
     * As {@link #HandoffPolicies(Map, String, OperationCatalog)}; with the compatibility tools off ({@code enabled}
     * false) every tool blocks, since a handle answer could not be followed. The configuration is checked either way.
     */
    public HandoffPolicies(Map<String, String> configured, String fallback, OperationCatalog catalog, boolean enabled) {
        TreeSet<String> unknown = new TreeSet<>();
        configured.keySet().stream()
                .filter(name -> catalog.find(name).isEmpty())
                .forEach(unknown::add);
        if (!unknown.isEmpty()) {
            throw new IllegalStateException(
                    "taskgate.frontend.compat.handoff names tools that are not registered: " + unknown);
        }
        Map<String, HandoffPolicy> map = new HashMap<>();
        for (OperationSpec op : catalog.own()) {
            if (op.handoff() != null) {
                map.put(op.name(), parse(op.handoff(), "the catalog entry of " + op.name()));
            }
        }
        configured.forEach(
                (name, text) -> map.put(name, parse(text, "taskgate.frontend.compat.handoff.\"" + name + "\"")));
        this.policies = Map.copyOf(map);
        this.catalog = catalog;
        this.fallback = parse(fallback, "taskgate.frontend.compat.default-handoff");
        this.enabled = enabled;
    }

    /**
     * The policy of this tool; an upstream tool's comes from its catalog entry (the operator's policy, checked when
     * job-control read it), else the default.
     */
    public HandoffPolicy of(String toolName) {
        if (!enabled) {
            return HandoffPolicy.BLOCK;
        }
        HandoffPolicy own = policies.get(toolName);
        if (own != null) {
            return own;
        }
        return catalog.find(toolName)
                .filter(op -> op.isUpstream() && op.handoff() != null)
                .map(op -> HandoffPolicy.parse(op.handoff()))
                .orElse(fallback);
    }

    private static HandoffPolicy parse(String text, String where) {
        try {
            return HandoffPolicy.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(where + ": " + e.getMessage(), e);
        }
    }
}
