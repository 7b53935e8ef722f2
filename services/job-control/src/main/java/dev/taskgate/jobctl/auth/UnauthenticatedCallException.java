package dev.taskgate.jobctl.auth;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.JobControlException;

/** An internal request without a trusted caller assertion, or from a service not allowed on that route. */
public class UnauthenticatedCallException extends JobControlException {
    private static final long serialVersionUID = 1L;

    private UnauthenticatedCallException(Problem problem) {
        super(problem);
    }

    /** 401: nothing about the request can be trusted; the reason is logged, never answered. */
    public static UnauthenticatedCallException untrusted() {
        return new UnauthenticatedCallException(Problem.of(
                "unauthenticated",
                "Unauthenticated",
                401,
                "The internal API needs a valid Taskgate-Caller assertion from a trusted service."));
    }

    /** 403: a trusted service outside its documented flows. */
    public static UnauthenticatedCallException notAllowed(String issuer) {
        return new UnauthenticatedCallException(
                Problem.of("forbidden", "Forbidden", 403, "The service " + issuer + " may not call this route."));
    }
}
