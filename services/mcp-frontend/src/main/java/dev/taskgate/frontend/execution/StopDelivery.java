package dev.taskgate.frontend.execution;

import java.util.Optional;

import dev.taskgate.contracts.command.Accepted;

/**
 * Whether the stop an owner's cancel asked of a running execution reached its owner (the worker), named like the
 * operator's cancel outcomes (docs/mcp-frontend.md "Operator API"): job-control waits, bounded, for its outbox relay
 * to publish the stop and says so in the reply ({@link Accepted#stopDelivered()}). Every cancel surface reports it
 * the same way: {@code execution_cancel}'s outcome, {@code tasks/cancel}'s {@code _meta} ({@link #META_KEY}) in both
 * MCP generations, and the REST cancel's {@code stop_delivery}.
 */
public enum StopDelivery {
    /** The stop was published to the worker's control topic (broker acknowledgement). */
    DELIVERED("stop_delivered"),
    /** The stop is recorded, but its publication was not seen in time; job-control keeps delivering it. */
    UNKNOWN("stop_delivery_unknown");

    /** The {@code _meta} key under which {@code tasks/cancel} reports it. */
    public static final String META_KEY = "dev.taskgate/stopDelivery";

    private final String wireName;

    StopDelivery(String wireName) {
        this.wireName = wireName;
    }

    /**
     * What job-control's reply to a cancel says about the stop; empty when no stop was asked for (the execution was
     * queued and is cancelled, or had already ended). A reply without the member for a still-running execution (a
     * job-control of an earlier version) is {@link #UNKNOWN}: the stop is recorded, its delivery was not checked.
     */
    public static Optional<StopDelivery> of(Accepted reply) {
        if (reply.stopDelivered() != null) {
            return Optional.of(reply.stopDelivered() ? DELIVERED : UNKNOWN);
        }
        return reply.execution().status().isTerminal() ? Optional.empty() : Optional.of(UNKNOWN);
    }

    public String wireName() {
        return wireName;
    }
}
