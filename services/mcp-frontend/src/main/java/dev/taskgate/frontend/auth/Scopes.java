package dev.taskgate.frontend.auth;

/** OAuth scopes the frontend checks (space-separated in the token's {@code scope} claim). */
public final class Scopes {
    /** Create, read and cancel tool executions. */
    public static final String TOOLS_CALL = "tools:call";
    /** Additionally required for tools that change anything outside Taskgate. */
    public static final String TOOLS_WRITE = "tools:write";

    private Scopes() {
    }
}
