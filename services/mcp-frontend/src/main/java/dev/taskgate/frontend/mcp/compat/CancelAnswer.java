package dev.taskgate.frontend.mcp.compat;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;

/**
 * What {@code execution_cancel} did, named like the operator's cancel outcomes where they mean the same. The owner's
 * cancel goes through job-control's command (it does not wait to see the stop published), so a running execution's
 * stop is reported as {@code stop_requested}: committed, and on its way to the worker through the outbox.
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
    /** Running: the stop is committed and goes to the worker; its report decides the final state. */
    STOP_REQUESTED(
            "stop_requested",
            "The stop was recorded and is being delivered to the worker; the execution "
                    + "ends cancelled, or with its result if it finished first. Follow it with execution_get."),
    /** job-control did not answer in time: the stop may or may not be recorded; asking again is safe. */
    STOP_DELIVERY_UNKNOWN(
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

    /** The answer from the execution as job-control reported it after the cancel. */
    static CancelAnswer after(ExecutionSnapshot s) {
        if (s.status() == ExecutionStatus.CANCELLED) {
            return ACCEPTED;
        }
        if (s.status().isTerminal()) {
            return ALREADY_TERMINAL;
        }
        return STOP_REQUESTED;
    }

    String wireName() {
        return wireName;
    }

    String sentence() {
        return sentence;
    }
}
