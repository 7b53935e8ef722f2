package dev.taskgate.jobctl.recovery;

/** Why an execution's owner was given up: the wire names are stored and shown to operators. */
public enum LossCause {
    /** Its worker instance fell silent past the heartbeat timeout. */
    OWNER_LOST("owner-lost"),
    /** Its worker reported that the child process running it exited abruptly. */
    CHILD_DIED("child-died");

    private final String wireName;

    LossCause(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
