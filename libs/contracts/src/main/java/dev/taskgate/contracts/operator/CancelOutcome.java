package dev.taskgate.contracts.operator;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What an operator's cancel did ({@code docs/mcp-frontend.md}, "Operator API"). Exactly one applies, checked in this
 * order.
 */
public enum CancelOutcome {
    /** Completed, failed or cancelled already; nothing changed. */
    ALREADY_TERMINAL("already_terminal"),
    /** Running an operation the catalog marks as not cancellable ({@code cancellable: false}); nothing changed. */
    UNSUPPORTED("unsupported"),
    /** Running, and a stop had already been requested (by the owner or an operator); nothing changed. */
    STOP_ALREADY_REQUESTED("stop_already_requested"),
    /**
     * Queued: cancelled at once. Running: the stop is committed and was published to the workers' control topic
     * (broker acknowledgement) within the confirmation wait; the worker's report decides the final state.
     */
    ACCEPTED("accepted"),
    /**
     * The stop could not be confirmed: it is committed but was not published within the confirmation wait (the
     * outbox relay keeps trying), or the frontend lost job-control's answer. Asking again is safe and tells more.
     */
    STOP_DELIVERY_UNKNOWN("stop_delivery_unknown");

    private final String wireName;

    CancelOutcome(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in JSON and in the audit log. */
    @JsonValue
    public String wireName() {
        return wireName;
    }
}
