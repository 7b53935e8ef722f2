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
 * compatibility tools, whose task policy is always {@code forbidden}. Where a generation tells the task policy
 * ({@code _meta} in 2026-07-28, {@code execution.taskSupport} in 2025-11-25) is its own.
 */
@Singleton
public class ToolDefinitions {
    private final List<OperationSpec> operations;
    private final TaskPolicies policies;
    private final CompatibilityTools compat;

    ToolDefinitions(OperationCatalog catalog, TaskPolicies policies, CompatibilityTools compat) {
        this.operations = catalog.all();
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

    /** Every tool definition, each completed by {@code withPolicy} with the tool's task policy. */
    public ArrayNode list(BiConsumer<ObjectNode, TaskPolicy> withPolicy) {
        return list((tool, policy, mutating) -> withPolicy.accept(tool, policy));
    }

    /** Every tool definition, each completed by {@code decoration}. */
    public ArrayNode list(Decoration decoration) {
        ArrayNode tools = JsonNodeFactory.instance.arrayNode();
        for (OperationSpec op : operations) {
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
        for (ObjectNode tool : compat.definitions()) {
            tools.add(tool);
            decoration.decorate(tool, TaskPolicy.FORBIDDEN, false);
        }
        return tools;
    }
}
