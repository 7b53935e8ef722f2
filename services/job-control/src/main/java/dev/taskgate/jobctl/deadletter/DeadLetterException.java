package dev.taskgate.jobctl.deadletter;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.jobctl.JobControlException;

/**
 * Why an operator's dead-letter call changed nothing: the problem it is answered with and the outcome it is audited
 * with. No detail ever quotes a record's value.
 */
public class DeadLetterException extends JobControlException {
    private static final long serialVersionUID = 1L;

    private final String outcome;

    private DeadLetterException(Problem problem, String outcome) {
        super(problem);
        this.outcome = outcome;
    }

    /** 400: a parameter is malformed. */
    static DeadLetterException invalid(String detail) {
        return new DeadLetterException(
                Problem.of("invalid-request", "Invalid request", 400, detail), AuditEntry.INVALID_REQUEST);
    }

    /** 403: the route's project is not the deployment's operator project. */
    static DeadLetterException notOperatorProject() {
        return new DeadLetterException(
                Problem.of(
                        "insufficient-scope",
                        "Insufficient scope",
                        403,
                        "Dead-letter topics are deployment-wide: only the deployment's operator project may operate "
                                + "them."),
                AuditEntry.INSUFFICIENT_SCOPE);
    }

    /** 404: no such dead-letter topic, or no record at that position. */
    static DeadLetterException notFound(String detail) {
        return new DeadLetterException(Problem.of("not-found", "Not found", 404, detail), AuditEntry.NOT_FOUND);
    }

    /** 409: replayed before, and the call does not force it. */
    static DeadLetterException alreadyReplayed(String position) {
        return new DeadLetterException(
                Problem.of(
                        "already-replayed",
                        "Already replayed",
                        409,
                        "The record " + position + " was replayed already; replay it again with force=true."),
                AuditEntry.CONFLICT);
    }

    /** 422: the request is well-formed but cannot be served (a range too long, a record from another topic). */
    static DeadLetterException unprocessable(String detail) {
        return new DeadLetterException(Problem.of("not-replayable", "Not replayable", 422, detail), AuditEntry.REFUSED);
    }

    /** 503: Kafka did not answer in time; nothing was replayed. */
    static DeadLetterException unavailable(String detail) {
        return new DeadLetterException(Problem.of("unavailable", "Service unavailable", 503, detail), "unavailable");
    }

    /** The audit outcome of the refused call. */
    public String outcome() {
        return outcome;
    }
}
