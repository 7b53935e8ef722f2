package dev.taskgate.jobctl.session;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.JobControlException;

/** A session request that cannot be served: unknown/ended/foreign session (404), bad body (400), id taken (409). */
public class McpSessionException extends JobControlException {

    private static final long serialVersionUID = 1L;

    McpSessionException(Problem problem) {
        super(problem);
    }
}
