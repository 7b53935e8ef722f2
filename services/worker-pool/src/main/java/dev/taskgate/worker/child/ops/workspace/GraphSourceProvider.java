package dev.taskgate.worker.child.ops.workspace;

import dev.taskgate.worker.child.OperationContext;

/** Opens the workspace of a run. */
@FunctionalInterface
public interface GraphSourceProvider {

    /**
     * The workspace the run was granted.
     *
     * @throws IllegalStateException when the run has no workspace (the operation then fails with that message)
     */
    GraphSource open(OperationContext context);
}
