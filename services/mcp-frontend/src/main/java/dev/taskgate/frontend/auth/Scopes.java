package dev.taskgate.frontend.auth;

/** OAuth scopes the frontend checks (space-separated in the token's {@code scope} claim). */
public final class Scopes {
    /** Create, read and cancel tool executions. */
    public static final String TOOLS_CALL = "tools:call";
    /** Additionally required for tools that change anything outside Taskgate. */
    public static final String TOOLS_WRITE = "tools:write";
    /** Operators: list and read the safe status of every execution of the project, and read its audit log. */
    public static final String OPERATOR_STATUS = "executions:operator:status";
    /** Operators: read an execution's input and result or error. */
    public static final String OPERATOR_PAYLOAD = "executions:operator:payload";
    /** Operators: cancel any execution of the project. */
    public static final String OPERATOR_CANCEL = "executions:operator:cancel";
    /** The operator view of the gateway's upstream MCP servers, and their refresh (docs/gateway.md). */
    public static final String UPSTREAMS_ADMIN = "upstreams:admin";
    /**
     * List and replay the deployment's dead-lettered records (docs/kafka.md "Dead-letter topics"); job-control serves
     * it only on the routes of the deployment's operator project.
     */
    public static final String DEADLETTERS_ADMIN = "deadletters:admin";

    private Scopes() {}
}
