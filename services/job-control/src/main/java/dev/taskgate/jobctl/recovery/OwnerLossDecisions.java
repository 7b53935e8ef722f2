package dev.taskgate.jobctl.recovery;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.jobctl.recovery.OwnerLossVerdict.Action;

/**
 * The one place that decides what happens to an execution whose owner was lost — its worker instance stopped
 * heartbeating or left, or its child process died (docs/job-control.md "Owner loss"). Pure: the caller applies
 * the verdict with a compare-and-set on (state, epoch).
 *
 * <p>In order:
 * <ol>
 * <li>not running ({@code working}/{@code input_required}) → nothing to settle;</li>
 * <li>the lost epoch staged its result → {@code completed} with exactly those bytes, nothing re-run — unless a
 * read-only operation was asked to cancel (its live path would have stopped it: a checkpoint never overrides a
 * cancellation); a mutating operation stages only after its changes are applied, so its staged result is the
 * actual outcome even when a cancellation arrived after that point. A staged result bound to workspace sources (a
 * read-only workspace operation) is not published here: it goes through the rules below, and the replacement
 * publishes it only if the sources it was computed on are unchanged;</li>
 * <li>a mutating operation whose plan is bound to the transaction journal (past its commit grant) → a reconciliation
 * run reconstructs the outcome from the journal, whatever cancellation was requested (the outcome past the commit
 * boundary is what happened); at most {@value #MAX_REPLACEMENTS} such runs, then {@code failed};</li>
 * <li>a mutating operation with a checkpoint — an upstream tool that saved the id of the upstream's task before
 * anything else — → replaced from that checkpoint: the replacement follows the same remote task and never invokes the
 * tool again; at most {@value #MAX_REPLACEMENTS} times, and not when a cancellation was requested (it could not be
 * confirmed: {@code failed});</li>
 * <li>any other mutating operation → {@code failed}, {@value #OWNER_LOST}: whether it changed anything is unknown and it
 * is never invoked again (a pending cancellation cannot be confirmed either, so it is named in the message);</li>
 * <li>a cancellation was requested before the loss → {@code cancelled}, never overridden by a replacement;</li>
 * <li>already {@value #MAX_REPLACEMENTS} replacements, or the latest one started from the same frontier as a new
 * one would (no progress was saved since) → {@code failed}, {@value #OWNER_LOST};</li>
 * <li>otherwise → replaced from the current frontier.</li>
 * </ol>
 * Without checkpoints every frontier is {@value #FROM_START}, so an execution is replaced at most once; checkpoints
 * raise that to {@value #MAX_REPLACEMENTS} by moving the frontier.
 */
public final class OwnerLossDecisions {

    /** The error code of an execution that ended because its owner was lost. */
    public static final String OWNER_LOST = "owner-lost";
    /** The frontier of an execution without a checkpoint: a replacement starts from the beginning. */
    public static final String FROM_START = "start";
    /** The frontier of a replacement that resumes from a checkpoint: this prefix and the checkpoint's sequence. */
    public static final String CHECKPOINT_PREFIX = "checkpoint-";
    /** The frontier of a reconciliation run: the transaction journal entry. */
    public static final String JOURNAL = "journal";
    /** At most this many replacement dispatches per execution. */
    public static final int MAX_REPLACEMENTS = 2;

    private static final String NOT_RE_RUN = "owner lost; not re-run";

    private OwnerLossDecisions() {}

    /**
     * Decides the settlement of {@code execution}.
     *
     * @param cause a payload-free description of the loss, e.g. "worker instance w-1 stopped heartbeating"
     */
    public static OwnerLossVerdict decide(LostExecution execution, String cause) {
        if (execution.state() != ExecutionStatus.WORKING && execution.state() != ExecutionStatus.INPUT_REQUIRED) {
            return new OwnerLossVerdict(Action.IGNORE, null, null, null);
        }
        if (execution.resultStaged()
                && !execution.sourceBound()
                && (execution.mutating() || !execution.cancelRequested())) {
            return new OwnerLossVerdict(
                    Action.PUBLISH_STAGED,
                    null,
                    null,
                    "Completed with the result staged before its owner was lost (" + cause + "); not re-run.");
        }
        if (execution.mutating() && execution.journalBound()) {
            if (execution.replacements() >= MAX_REPLACEMENTS) {
                return fail(cause + "; its rewrite was past the commit grant and " + execution.replacements()
                        + " reconciliation runs did not settle it");
            }
            return new OwnerLossVerdict(
                    Action.RECONCILE,
                    JOURNAL,
                    null,
                    "Reconstructing the outcome from the transaction journal after owner loss (" + cause
                            + "); attempt " + (execution.replacements() + 2) + " checks the files, the rewrite is "
                            + "not applied again.");
        }
        if (execution.mutating() && !FROM_START.equals(execution.frontier())) {
            if (execution.cancelRequested()) {
                return fail(cause + "; its upstream task may still run, so the requested cancellation cannot be "
                        + "confirmed");
            }
            if (execution.replacements() >= MAX_REPLACEMENTS) {
                return fail(cause + "; already resumed " + execution.replacements() + " times");
            }
            return new OwnerLossVerdict(
                    Action.REPLACE,
                    execution.frontier(),
                    null,
                    "Resumed after owner loss (" + cause + "); attempt " + (execution.replacements() + 2)
                            + " follows the upstream task saved at " + describe(execution.frontier())
                            + "; the tool is not invoked again.");
        }
        if (execution.mutating()) {
            String detail = execution.cancelRequested()
                    ? cause + "; it may have changed something, so the requested cancellation cannot be confirmed"
                    : cause + "; it may have changed something, so it is not invoked again";
            return fail(detail);
        }
        if (execution.cancelRequested()) {
            return new OwnerLossVerdict(
                    Action.CANCEL,
                    null,
                    null,
                    "Cancelled: its owner was lost (" + cause + ") after the cancellation was requested.");
        }
        if (execution.replacements() >= MAX_REPLACEMENTS) {
            return fail(cause + "; already replaced " + execution.replacements() + " times");
        }
        if (execution.frontier().equals(execution.replacedFromFrontier())) {
            return fail(cause + "; already replaced once from " + describe(execution.frontier())
                    + " and no progress was saved since");
        }
        int attempt = execution.replacements() + 2;
        String plan = execution.resultStaged() && execution.sourceBound()
                ? " publishes the result staged before the loss if the workspace files it read are unchanged, else "
                        + "starts from " + describe(execution.frontier()) + "."
                : " starts from " + describe(execution.frontier()) + ".";
        return new OwnerLossVerdict(
                Action.REPLACE,
                execution.frontier(),
                null,
                "Replaced after owner loss (" + cause + "); attempt " + attempt + plan);
    }

    private static OwnerLossVerdict fail(String detail) {
        return new OwnerLossVerdict(Action.FAIL, null, OWNER_LOST, NOT_RE_RUN + " (" + detail + ")");
    }

    private static String describe(String frontier) {
        return FROM_START.equals(frontier)
                ? "the beginning"
                : "checkpoint "
                        + frontier.substring(frontier.startsWith(CHECKPOINT_PREFIX) ? CHECKPOINT_PREFIX.length() : 0);
    }
}
