package dev.taskgate.contracts.operator;

/** The {@code action} names of {@link AuditEntry}, shared by the frontend and job-control. */
public final class OperatorActions {
    /** {@code GET …/operator/tool-executions}. */
    public static final String LIST = "list";
    /** {@code GET …/operator/tool-executions/{id}}. */
    public static final String GET = "get";
    /** {@code GET …/operator/tool-executions/{id}/payload}. */
    public static final String PAYLOAD = "payload";
    /** {@code POST …/operator/tool-executions/{id}/cancel}. */
    public static final String CANCEL = "cancel";
    /** {@code GET …/operator/audit}. */
    public static final String AUDIT_LIST = "audit.list";
    /** {@code GET …/operator/upstreams}. */
    public static final String UPSTREAMS_LIST = "upstreams.list";
    /** {@code POST …/operator/upstreams/{id}/refresh}. */
    public static final String UPSTREAMS_REFRESH = "upstreams.refresh";

    /** {@code POST …/operator/upstreams}. */
    public static final String UPSTREAMS_CREATE = "upstreams.create";
    /** {@code GET …/operator/upstreams/{id}}. */
    public static final String UPSTREAMS_GET = "upstreams.get";
    /** {@code PUT …/operator/upstreams/{id}}. */
    public static final String UPSTREAMS_UPDATE = "upstreams.update";
    /** {@code DELETE …/operator/upstreams/{id}}. */
    public static final String UPSTREAMS_DELETE = "upstreams.delete";

    /** {@code GET …/operator/dead-letters}. */
    public static final String DEADLETTERS_LIST = "deadletters.list";
    /** {@code POST …/operator/dead-letters/{topic}/{partition}/{offset}/replay} and the range replay. */
    public static final String DEADLETTERS_REPLAY = "deadletters.replay";

    private OperatorActions() {}
}
