package dev.taskgate.jobctl.auth;

/** The token scopes job-control re-checks on the commands a frontend signed (docs/security.md "Kafka"). */
public final class Scopes {
    /** Needed to submit, and to cancel, a call of a mutating operation. */
    public static final String TOOLS_WRITE = "tools:write";

    private Scopes() {}
}
