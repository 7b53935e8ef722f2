package dev.taskgate.examples.hoi4.tool;

import dev.taskgate.operation.api.ToolResults;

/** The tool errors the pack's tools share. */
public final class ToolErrors {
    private ToolErrors() {}

    /** The result when worker-pool handed the execution no workspace. */
    public static String workspaceMissing(String tool) {
        return ToolResults.error(tool
                + " needs a registered workspace: ask the operator to register the mod's directory for your"
                + " organization and project (taskgate.worker.workspaces.\"<org>/<project>\".roots)");
    }
}
