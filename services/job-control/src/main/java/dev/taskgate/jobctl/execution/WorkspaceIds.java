package dev.taskgate.jobctl.execution;

/**
 * The workspace id a dispatch carries ({@code RunOperation.workspace}): {@code "<org>/<project>"} of the execution.
 * worker-pool looks up the directories it registered under this id for operations that need a workspace.
 */
public final class WorkspaceIds {
    private WorkspaceIds() {}

    /** The workspace id of {@code execution}: its organization and project. */
    public static String of(Execution execution) {
        return execution.orgId() + "/" + execution.projectId();
    }
}
