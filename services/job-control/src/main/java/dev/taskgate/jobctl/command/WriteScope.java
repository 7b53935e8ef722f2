package dev.taskgate.jobctl.command;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.jobctl.Operations;
import dev.taskgate.jobctl.execution.Execution;

/**
 * Whether acting on an execution (cancelling it, answering its input) needs {@code tools:write}: when its tool was
 * mutating as submitted, or is mutating by its current policy (an upstream tool the operator has since declared
 * mutating). Re-checked on every command, so a policy change applies to executions already running.
 */
@Singleton
public class WriteScope {
    private final Operations operations;

    WriteScope(Operations operations) {
        this.operations = operations;
    }

    /** Whether a command on {@code execution} needs {@code tools:write}. */
    public boolean isRequiredFor(Execution execution) {
        return execution.mutating()
                || operations
                        .find(execution.toolName())
                        .map(OperationSpec::mutating)
                        .orElse(false);
    }
}
