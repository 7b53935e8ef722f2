package dev.taskgate.worker.child.journal;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * The part every file-rewriting operation shares once it has a non-empty plan: cross the commit boundary, apply with
 * pre-images kept, report; and, on a reconciliation run, reconstruct the outcome from the journal and the files. The
 * operation supplies the text of its committed result, which a reconstruction reproduces exactly.
 */
public final class JournaledRewrite {
    private JournaledRewrite() {}

    /**
     * Asks to commit {@code plan}, applies it once granted, optionally holds the applied result for
     * {@code holdSeconds} (crash tests), and returns {@code committed.apply(planHash, paths)}.
     *
     * @throws IllegalStateException     when job-control refused the plan (nothing was changed)
     * @throws OperationStoppedException when stopped before the grant (nothing was changed)
     */
    public static String commitAndApply(
            OperationContext context,
            JournaledFiles files,
            RewritePlan plan,
            double holdSeconds,
            BiFunction<String, List<String>, String> committed)
            throws OperationStoppedException, InterruptedException {
        try {
            context.requestCommit(plan);
        } catch (CommitRefusedException e) {
            throw new IllegalStateException("commit refused: " + e.getMessage() + "; nothing was changed");
        }
        // past the commit boundary: a stop no longer stops the rewrite, the outcome is what was applied
        try {
            files.apply(plan);
        } catch (IOException e) {
            return CallToolResults.text(
                    "the rewrite failed and every file was restored to its pre-image: " + e.getMessage(), true);
        }
        context.progress(1, 1.0, "applied " + plan.planHash());
        if (holdSeconds > 0) {
            context.awaitStop(Duration.ofMillis(Math.round(holdSeconds * 1000)));
        }
        return committed.apply(
                plan.planHash(), plan.changes().stream().map(FileChange::path).toList());
    }

    /**
     * Reconstructs the outcome of the journaled plan from the files: committed → {@code committed.apply(planHash,
     * paths)}; partly applied → every file restored, a tool error; not applied → a failure.
     *
     * @throws IllegalStateException when nothing was applied, or the outcome cannot be reconstructed
     */
    public static String reconcile(
            JournaledFiles files, JsonNode journal, BiFunction<String, List<String>, String> committed) {
        List<String> paths = new ArrayList<>();
        journal.path("files").forEach(f -> paths.add(f.path("path").asText()));
        String planHash = journal.path("planHash").asText();
        JournaledFiles.Outcome outcome;
        try {
            outcome = files.reconcile(journal);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException(
                    "the outcome of plan " + planHash + " cannot be reconstructed: " + e.getMessage());
        }
        return switch (outcome) {
            case COMMITTED -> committed.apply(planHash, paths);
            case NOT_APPLIED ->
                throw new IllegalStateException("the rewrite was not applied (every file holds its "
                        + "pre-image of plan " + planHash + "); it is not run again");
            case RESTORED ->
                CallToolResults.text(
                        "the rewrite was interrupted; restored " + paths.size() + " files to their pre-images of plan "
                                + planHash,
                        true);
        };
    }
}
