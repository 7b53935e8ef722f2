package dev.taskgate.worker.child.journal;

/** job-control refused to bind the plan: the operation must not apply it and ends without changes. */
public final class CommitRefusedException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param reason job-control's payload-free reason */
    public CommitRefusedException(String reason) {
        super(reason);
    }
}
