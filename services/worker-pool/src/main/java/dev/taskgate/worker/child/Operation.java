package dev.taskgate.worker.child;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One registered operation, run inside a child JVM. Implementations are compiled into the worker and
 * listed in {@link OperationRegistry}; the input has already been validated against the catalog schema
 * by the parent.
 */
public interface Operation {

    /**
     * Runs the operation to completion.
     *
     * @param input   the validated input object
     * @param context progress reporting and the stop flag of this run
     * @return the MCP {@code CallToolResult} as compact JSON text; it is forwarded byte for byte
     * @throws OperationStoppedException when the operation saw a stop request at a safe point
     * @throws InterruptedException      when the child is shutting down
     */
    String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException;

    /**
     * Reconstructs the outcome of a rewrite whose previous owner was lost after its commit grant, from the journal
     * entry and the files; never plans or applies anything again. Only mutating operations that commit through the
     * journal implement it.
     *
     * @param input   the execution's validated input
     * @param journal the bound journal entry {@code {planHash, planSummary, files: [{path, preImageHash,
     *                postImageHash}]}}
     * @return the {@code CallToolResult} text of the reconstructed outcome
     * @throws IllegalStateException when the outcome is a failure (e.g. the plan was not applied)
     */
    default String reconcile(JsonNode input, JsonNode journal) throws InterruptedException {
        throw new UnsupportedOperationException("this operation does not commit through the transaction journal");
    }

    /**
     * Like {@link #reconcile(JsonNode, JsonNode)}, with the run's context (e.g. its {@link OperationContext#workspace()
     * workspace}); the child calls this one. The default ignores the context.
     */
    default String reconcile(JsonNode input, JsonNode journal, OperationContext context) throws InterruptedException {
        return reconcile(input, journal);
    }
}
