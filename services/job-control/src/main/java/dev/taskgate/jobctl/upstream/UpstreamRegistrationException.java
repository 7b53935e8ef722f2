package dev.taskgate.jobctl.upstream;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.jobctl.JobControlException;

/**
 * Why an operator's registration call (create, get, update, delete of an upstream) changed nothing: the problem it is
 * answered with and the outcome it is audited with. No detail ever holds a credential.
 */
public class UpstreamRegistrationException extends JobControlException {
    private static final long serialVersionUID = 1L;

    private final String outcome;

    private UpstreamRegistrationException(Problem problem, String outcome) {
        super(problem);
        this.outcome = outcome;
    }

    /** 400: the body is not a valid upstream. */
    static UpstreamRegistrationException invalid(String detail) {
        return new UpstreamRegistrationException(
                Problem.of("invalid-request", "Invalid request", 400, detail), AuditEntry.INVALID_REQUEST);
    }

    /** 403: the body's {@code workspaces} reach beyond the route's organization. */
    static UpstreamRegistrationException outsideOrganization(String detail) {
        return new UpstreamRegistrationException(
                Problem.of("insufficient-scope", "Insufficient scope", 403, detail), AuditEntry.INSUFFICIENT_SCOPE);
    }

    /** 404: no upstream of that id the project may see. */
    static UpstreamRegistrationException notFound() {
        return new UpstreamRegistrationException(
                Problem.of("not-found", "Not found", 404, "No such upstream exists for this project."),
                AuditEntry.NOT_FOUND);
    }

    /** 409: the id or namespace is taken, or the upstream is the upstreams file's. */
    static UpstreamRegistrationException conflict(String detail) {
        return new UpstreamRegistrationException(
                Problem.of("upstream-conflict", "Upstream conflict", 409, detail), AuditEntry.CONFLICT);
    }

    /** 412: {@code If-Match} does not name the current revision. */
    static UpstreamRegistrationException preconditionFailed(String detail) {
        return new UpstreamRegistrationException(
                Problem.of("precondition-failed", "Precondition failed", 412, detail), AuditEntry.PRECONDITION_FAILED);
    }

    /** 422: the network policy refuses the URL. */
    static UpstreamRegistrationException refused(String reason) {
        return new UpstreamRegistrationException(
                Problem.of("upstream-refused", "Upstream refused", 422, reason), AuditEntry.REFUSED);
    }

    /** The audit outcome of the refused call. */
    public String outcome() {
        return outcome;
    }
}
