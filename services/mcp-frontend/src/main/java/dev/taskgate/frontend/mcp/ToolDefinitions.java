package dev.taskgate.frontend.mcp;

import java.util.List;
import java.util.function.BiConsumer;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.frontend.mcp.compat.CompatibilityTools;

/**
 * The tools as both generations list them ({@code tools/list}): every registered operation in catalog order, with
 * {@code name}, {@code title}, {@code description}, {@code inputSchema} and {@code annotations}, then the
 * compatibility tools (unless switched off), whose task policy is always {@code forbidden}. Where a generation tells
 * the task policy ({@code _meta} in 2026-07-28, {@code execution.taskSupport} in 2025-11-25) is its own.
 */
@Singleton
public class ToolDefinitions {
    private final OperationCatalog catalog;
    private final TaskPolicies policies;
    private final CompatibilityTools compat;
    private final SurfaceSwitches switches;

    ToolDefinitions(
            OperationCatalog catalog, TaskPolicies policies, CompatibilityTools compat, SurfaceSwitches switches) {
        this.switches = switches;
        this.catalog = catalog;
        this.policies = policies;
        this.compat = compat;
    }

    /** Completes one listed tool with what a generation tells about it. */
    @FunctionalInterface
    public interface Decoration {
        /**
         * @param tool the tool definition to complete
         * @param policy its task policy
         * @param mutating whether it changes anything (the compatibility tools do not)
         */
        void decorate(ObjectNode tool, TaskPolicy policy, boolean mutating);
    }

    /**
     * Every tool definition a caller in {@code workspace} may use, each completed by {@code withPolicy} with the
     * tool's task policy.
     */
    public ArrayNode list(String workspace, BiConsumer<ObjectNode, TaskPolicy> withPolicy) {
        return list(workspace, (tool, policy, mutating) -> withPolicy.accept(tool, policy));
    }

    /** Whether the list depends on who asks: some upstream tool is offered to some workspaces only. */
    public boolean variesByCaller() {
        return catalog.upstreamTools().tools().stream()
                .anyMatch(op -> !op.upstream().workspaces().contains("*"));
    }

    /** Every tool definition a caller in {@code workspace} may use, each completed by {@code decoration}. */
    public ArrayNode list(String workspace, Decoration decoration) {
        ArrayNode tools = JsonNodeFactory.instance.arrayNode();
        for (OperationSpec op : catalog.all()) {
            if (op.isUpstream() && !op.upstream().admits(workspace)) {
                continue;
            }
            ObjectNode tool = tools.addObject().put("name", op.name());
            if (op.title() != null) {
                tool.put("title", op.title());
            }
            if (op.description() != null) {
                tool.put("description", op.description());
            }
            tool.set("inputSchema", op.inputSchema().deepCopy());
            if (op.annotations() != null && op.annotations().size() > 0) {
                tool.set("annotations", op.annotations().deepCopy());
            }
            decoration.decorate(tool, policies.of(op.name()), op.mutating());
        }
        // switched off, the compatibility tools are not advertised (issue 20 item 9)
        for (ObjectNode tool : switches.compatibilityTools() ? compat.definitions() : List.<ObjectNode>of()) {
            tools.add(tool);
            decoration.decorate(tool, TaskPolicy.FORBIDDEN, false);
        }
        return tools;
    }
}
