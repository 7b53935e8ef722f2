package dev.taskgate.frontend.auth;

import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * Which scopes acting on a tool's executions needs, beyond {@code tools:call}: a mutating tool (one that changes
 * something outside Taskgate) needs {@code tools:write} to be called and to be cancelled — stopping a rewrite
 * half-way is itself a change. Decided from the catalog entry alone, so that every surface applies the same rule.
 * For a cancel the frontend does not know the tool: it sends {@link #mayCancelMutating} with the command and
 * job-control, which knows, applies {@link #requireToCancel}'s rule.
 */
public final class ToolPermissions {
    private ToolPermissions() {}

    /** Throws 403 {@code insufficient-scope} unless the caller may submit a call of this tool. */
    public static void requireToSubmit(AuthenticatedCaller caller, OperationSpec tool) {
        requireWriteIfMutating(caller, tool);
    }

    /** Throws 403 {@code insufficient-scope} unless the caller may cancel an execution of this tool. */
    public static void requireToCancel(AuthenticatedCaller caller, OperationSpec tool) {
        requireWriteIfMutating(caller, tool);
    }

    /** Whether the caller's current token allows cancelling executions of mutating tools. */
    public static boolean mayCancelMutating(AuthenticatedCaller caller) {
        return caller.scopes().contains(Scopes.TOOLS_WRITE);
    }

    private static void requireWriteIfMutating(AuthenticatedCaller caller, OperationSpec tool) {
        if (tool.mutating()) {
            caller.require(Scopes.TOOLS_WRITE);
        }
    }
}
