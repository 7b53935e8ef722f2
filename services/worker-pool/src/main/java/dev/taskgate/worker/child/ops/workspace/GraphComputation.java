package dev.taskgate.worker.child.ops.workspace;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.ops.workspace.graph.GraphQuery;
import dev.taskgate.worker.child.ops.workspace.graph.GraphTraversal;
import dev.taskgate.worker.child.ops.workspace.graph.ReferenceGraph;
import dev.taskgate.worker.child.ops.workspace.graph.TraversalLimits;

/**
 * Computes the graph of a query over the run's workspace, wired to the run: frontiers are saved as checkpoints, a
 * resumed frontier is continued from when valid, progress and stop requests go through the context.
 */
final class GraphComputation {
    private GraphComputation() {}

    /**
     * Adds what the workspace listing left out to a response's {@code coverage}: {@code files_skipped}, and
     * {@code listing_truncated} (then the response is not complete, reason {@code listing_truncated} unless it already
     * has one).
     */
    static void addListingCoverage(ObjectNode coverage, GraphSource source) {
        coverage.put("files_skipped", source.filesSkipped());
        coverage.put("listing_truncated", source.listingTruncated());
        if (source.listingTruncated() && coverage.path("reason").isNull()) {
            coverage.put("truncated", true);
            coverage.put("reason", "listing_truncated");
        }
    }

    /**
     * @throws GraphToolError when a start path is not a workspace file or a reference pattern does not compile
     */
    static ReferenceGraph compute(
            GraphQuery query, GraphSource source, OperationContext context, TraversalLimits limits)
            throws GraphToolError, OperationStoppedException {
        GraphTraversal traversal;
        try {
            traversal =
                    new GraphTraversal(query, source.roots(), source.files(), source::read, source::revision, limits);
        } catch (IllegalArgumentException e) {
            throw new GraphToolError(e.getMessage());
        }
        return traversal
                .traverse(context.resumeFrom(), new GraphTraversal.Listener() {
                    @Override
                    public boolean isStopRequested() {
                        return context.isStopRequested();
                    }

                    @Override
                    public void checkpoint(String revision, String frontier) {
                        context.saveCheckpoint(revision, frontier);
                    }

                    @Override
                    public void progress(int filesRead, int nodesDiscovered, boolean resumed) {
                        context.progress(
                                filesRead,
                                null,
                                (resumed ? "resumed from a frontier: " : "") + filesRead + " files read, "
                                        + nodesDiscovered + " discovered");
                    }
                })
                .graph();
    }
}
