package dev.taskgate.contracts.operator;

import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One operator call in job-control's audit log. The frontend sends entries for calls it refused itself (without
 * {@code id} and {@code occurredAt}, which job-control assigns); job-control records the others where it serves
 * them.
 *
 * @param id         position in the log, increasing; absent when sent
 * @param occurredAt when it was recorded; absent when sent
 * @param principal  who ({@code Caller.principal()} form)
 * @param workspace  the project the route names ({@code org/project})
 * @param action     {@code list}, {@code get}, {@code payload}, {@code cancel}, {@code audit.list},
 *                   {@code upstreams.list}, {@code upstreams.refresh}, {@code upstreams.create}, {@code upstreams.get},
 *                   {@code upstreams.update}, {@code upstreams.delete}, {@code deadletters.list} or
 *                   {@code deadletters.replay}
 * @param route      HTTP method and path as called
 * @param target     the handle as presented, if the route names one (at most 256 characters kept)
 * @param outcome    {@code ok}, {@code not_found}, {@code insufficient_scope}, {@code invalid_request},
 *                   {@code conflict}, {@code refused}, {@code precondition_failed}, or the cancel outcome ({@link CancelOutcome} wire names)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuditEntry(
        @JsonProperty("id") Long id,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("principal") String principal,
        @JsonProperty("workspace") String workspace,
        @JsonProperty("action") String action,
        @JsonProperty("route") String route,
        @JsonProperty("target") String target,
        @JsonProperty("outcome") String outcome) {

    /** Outcome of a call that was served. */
    public static final String OK = "ok";
    /** Outcome of a call naming nothing visible (or made from another org or project). */
    public static final String NOT_FOUND = "not_found";
    /** Outcome of a call without the scope its action needs. */
    public static final String INSUFFICIENT_SCOPE = "insufficient_scope";
    /** Outcome of a call with invalid parameters. */
    public static final String INVALID_REQUEST = "invalid_request";
    /**
     * Outcome of an upstream registration that clashes with another upstream or is read-only, or of a replay of a
     * dead-lettered record that was replayed already.
     */
    public static final String CONFLICT = "conflict";
    /** Outcome of an upstream registration whose URL the network policy refuses. */
    public static final String REFUSED = "refused";
    /** Outcome of an upstream update or delete whose {@code If-Match} names another revision. */
    public static final String PRECONDITION_FAILED = "precondition_failed";
    /** Longest target kept. */
    public static final int MAX_TARGET = 256;

    public AuditEntry {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(outcome, "outcome");
        if (target != null && target.length() > MAX_TARGET) {
            target = target.substring(0, MAX_TARGET);
        }
    }

    /** An entry to send: job-control assigns id and time. */
    public static AuditEntry of(
            String principal, String workspace, String action, String route, String target, String outcome) {
        return new AuditEntry(null, null, principal, workspace, action, route, target, outcome);
    }
}
