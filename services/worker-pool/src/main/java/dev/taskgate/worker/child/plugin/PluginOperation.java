package dev.taskgate.worker.child.plugin;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.operation.api.ToolOperation;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/** A plug-in's {@link ToolOperation} run like a built-in operation. */
final class PluginOperation implements Operation {
    private final ToolOperation tool;

    PluginOperation(ToolOperation tool) {
        this.tool = tool;
    }

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        String result;
        try {
            result = tool.call(input, new PluginToolContext(context));
        } catch (ToolStoppedException e) {
            throw new OperationStoppedException(e.getMessage());
        }
        if (result == null) {
            throw new IllegalStateException("plug-in operation " + tool.name() + " returned no result");
        }
        return result;
    }
}
