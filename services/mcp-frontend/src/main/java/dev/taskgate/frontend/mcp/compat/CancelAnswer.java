package dev.taskgate.frontend.mcp.compat;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.frontend.execution.StopDelivery;

/**
 * What {@code execution_cancel} did, named like the operator's cancel outcomes where they mean the same. A running
 * execution's stop is reported as job-control saw it ({@link StopDelivery}): {@code stop_delivered} (the operator's
 * {@code accepted} for a running execution) or {@code stop_delivery_unknown}, which is also the answer when
 * job-control's reply did not come in time.
 */
enum CancelAnswer {
    /** Completed, failed or cancelled already; nothing changed. */
    ALREADY_TERMINAL("already_terminal", "The execution had already ended; nothing changed."),
    /** Running an operation that cannot stop safely; nothing changed. */
    UNSUPPORTED("unsupported", "The operation cannot be stopped once it runs; nothing changed."),
    /** Running, and a stop had already been requested; nothing changed and no second stop was sent. */
    STOP_ALREADY_REQUESTED(
            "stop_already_requested",
            "A stop had already been requested; the worker's report " + "decides the final state."),
    /** Queued: cancelled at once, nothing ran. */
    ACCEPTED("accepted", "The execution was cancelled before it started."),
    /** Running: the stop is committed and was delivered to the worker; its report decides the final state. */
    STOP_DELIVERED(
            "stop_delivered",
            "The stop was recorded and delivered to the worker; the execution ends "
                    + "cancelled, or with its result if it finished first. Follow it with execution_get."),
    /** Running: the stop is committed, but its delivery to the worker was not confirmed in time. */
    STOP_DELIVERY_UNKNOWN(
            "stop_delivery_unknown",
            "The stop was recorded, but its delivery to the worker was not confirmed in time; it is delivered "
                    + "as soon as possible. Follow the execution with execution_get."),
    /** job-control did not answer in time: the stop may or may not be recorded; asking again is safe. */
    UNCONFIRMED(
            "stop_delivery_unknown",
            "The execution service did not confirm the cancellation in "
                    + "time; it may or may not be recorded. Asking again is safe.");

    private final String wireName;
    private final String sentence;

    CancelAnswer(String wireName, String sentence) {
        this.wireName = wireName;
        this.sentence = sentence;
    }

    /** The answer decided before asking job-control, or {@code null} when the cancel must be sent. */
    static CancelAnswer before(ExecutionSnapshot s, boolean cancellable) {
        if (s.status().isTerminal()) {
            return ALREADY_TERMINAL;
        }
        boolean running = s.status() == ExecutionStatus.WORKING || s.status() == ExecutionStatus.INPUT_REQUIRED;
        if (running && !cancellable) {
            return UNSUPPORTED;
        }
        if (running && Boolean.TRUE.equals(s.cancelRequested())) {
            return STOP_ALREADY_REQUESTED;
        }
        return null;
    }

    /** The answer from job-control's reply to the cancel. */
    static CancelAnswer after(Accepted reply) {
        ExecutionSnapshot s = reply.execution();
        if (s.status() == ExecutionStatus.CANCELLED) {
            return ACCEPTED;
        }
        if (s.status().isTerminal()) {
            return ALREADY_TERMINAL;
        }
        return StopDelivery.of(reply).orElse(StopDelivery.UNKNOWN) == StopDelivery.DELIVERED
                ? STOP_DELIVERED
                : STOP_DELIVERY_UNKNOWN;
    }

    String wireName() {
        return wireName;
    }

    String sentence() {
        return sentence;
    }
}
