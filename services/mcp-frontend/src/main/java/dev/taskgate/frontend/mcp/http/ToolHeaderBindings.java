package dev.taskgate.frontend.mcp.http;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * The {@code x-mcp-header} bindings of every catalog tool, built at startup: a tool that misuses the keyword stops
 * the service with the reason (MCP 2026-07-28 §6.3) rather than failing on its first call.
 */
@Startup
@ApplicationScoped
public class ToolHeaderBindings {
    private final Map<String, List<HeaderBindings.Binding>> byTool;

    @Inject
    ToolHeaderBindings(OperationCatalog catalog) {
        this(catalog.own());
    }

    /** Bindings of {@code operations}; throws {@link IllegalArgumentException} naming the first misused mark. */
    public ToolHeaderBindings(List<OperationSpec> operations) {
        byTool = operations.stream()
                .collect(Collectors.toUnmodifiableMap(
                        OperationSpec::name, spec -> HeaderBindings.of(spec.name(), spec.inputSchema())));
    }

    /** The bindings of {@code tool}; empty for an unknown tool (which the method itself rejects). */
    public List<HeaderBindings.Binding> of(String tool) {
        return byTool.getOrDefault(tool, List.of());
    }
}
