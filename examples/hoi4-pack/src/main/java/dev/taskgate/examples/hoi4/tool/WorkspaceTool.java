package dev.taskgate.examples.hoi4.tool;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolOperation;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;

/** A tool of this pack: it reads the caller's workspace, and without one answers a tool error naming itself. */
public abstract class WorkspaceTool implements ToolOperation {
    private final String name;

    protected WorkspaceTool(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String call(JsonNode input, ToolContext context) throws ToolStoppedException {
        Optional<WorkspaceReader> workspace = context.workspace();
        if (workspace.isEmpty()) {
            return ToolErrors.workspaceMissing(name);
        }
        return call(input, workspace.get(), context);
    }

    /** Runs over the workspace; the contract of {@link ToolOperation#call}. */
    protected abstract String call(JsonNode input, WorkspaceReader workspace, ToolContext context)
            throws ToolStoppedException;
}
