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

    /** Every tool definition, each completed by {@code withPolicy} with the tool's task policy. */
    public ArrayNode list(BiConsumer<ObjectNode, TaskPolicy> withPolicy) {
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
            withPolicy.accept(tool, policies.of(op.name()));
        }
        for (ObjectNode tool : compat.definitions()) {
            tools.add(tool);
            withPolicy.accept(tool, TaskPolicy.FORBIDDEN);
        }
        return tools;
    }
}
