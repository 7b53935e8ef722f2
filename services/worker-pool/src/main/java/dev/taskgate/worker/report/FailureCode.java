package dev.taskgate.worker.report;

/** The {@code code} values of the {@code Failed} events this service publishes. */
public enum FailureCode {
    /** The input does not satisfy the operation's catalog schema. */
    INVALID_INPUT("invalid_input"),
    /** The operation is not in the catalog of this worker build. */
    UNKNOWN_OPERATION("unknown_operation"),
    /** The execution's deadline had passed before the operation could start. */
    DEADLINE_EXCEEDED("deadline_exceeded"),
    /** The operation threw an unexpected exception or the child refused the run. */
    OPERATION_ERROR("operation_error"),
    /** The operation needs a workspace and the execution's {@code <org>/<project>} is not registered here. */
    WORKSPACE_NOT_REGISTERED("workspace_not_registered"),
    /**
     * An upstream tool could not be called from this worker: its upstream is not in this worker's upstreams file, or
     * the network policy refused its address.
     */
    UPSTREAM_REFUSED("upstream_refused"),
    /**
     * The upstream answered the call with an error, something Taskgate cannot use, or not at all (docs/gateway.md);
     * or asked for an interaction that cannot be relayed. The tool is not called again.
     */
    UPSTREAM_FAILED("upstream_failed"),
    /**
     * The upstream could not be reached (no connection, or 502/503/504 in front of it), or its circuit is open: the
     * tool was not called, or the call never arrived (docs/gateway.md "Circuit breaker").
     */
    UPSTREAM_UNAVAILABLE("upstream_unavailable"),
    /**
     * The run ended, but its outcome (a result, or a failure's message) is larger than a Kafka record may be, so it
     * cannot reach job-control; the run's effects, if any, happened.
     */
    OUTCOME_TOO_LARGE("outcome_too_large"),
    /**
     * The operation asked for input with a request larger than a Kafka record may be: it cannot reach the caller, so
     * the run ends here instead of waiting for an answer that cannot come.
     */
    INPUT_REQUEST_TOO_LARGE("input_request_too_large");

    private final String wireValue;

    FailureCode(String wireValue) {
        this.wireValue = wireValue;
    }

    /** The string on the wire. */
    public String wireValue() {
        return wireValue;
    }
}
