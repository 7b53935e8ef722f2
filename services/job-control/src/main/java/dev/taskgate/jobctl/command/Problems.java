package dev.taskgate.jobctl.command;

import dev.taskgate.contracts.Problem;
import dev.taskgate.jobctl.admission.AdmissionRefusal;

/** The problems job-control answers commands and queries with; one place so both edges say the same thing. */
public final class Problems {

    private Problems() {}

    /** Unknown execution, or one the caller does not own: deliberately indistinguishable. */
    public static Problem notFound() {
        return Problem.of("not-found", "Not found", 404, "No such execution exists for this caller.");
    }

    /** Submitting a call of a mutating operation without scope {@code tools:write}. */
    public static Problem writeScopeRequiredToSubmit() {
        return Problem.of(
                "insufficient-scope",
                "Insufficient scope",
                403,
                "Calling a mutating tool needs the scope tools:write.");
    }

    /** Answering the input requests of an execution of a mutating operation without scope {@code tools:write}. */
    public static Problem writeScopeRequiredToAnswer() {
        return Problem.of(
                "insufficient-scope",
                "Insufficient scope",
                403,
                "Answering an execution of a mutating tool needs the scope tools:write.");
    }

    /** Cancelling an execution of a mutating operation without scope {@code tools:write}. */
    public static Problem writeScopeRequired() {
        return Problem.of(
                "insufficient-scope",
                "Insufficient scope",
                403,
                "Cancelling an execution of a mutating tool needs the scope tools:write.");
    }

    /** A 2025-era call whose {@code notifications/cancelled} was marked before the call reached job-control. */
    public static Problem cancelledBeforeAdmission() {
        return Problem.of(
                "cancelled-before-admission",
                "Cancelled before admission",
                409,
                "The request was cancelled before it was admitted; nothing ran.");
    }

    /** The submitted tool is not in the operation catalog. */
    public static Problem unknownTool(String toolName) {
        return Problem.of("unknown-tool", "Unknown tool", 422, "No tool named '" + toolName + "' is registered.");
    }

    /** The receipt key was used before for a different request. */
    public static Problem idempotencyConflict(String receiptKey) {
        return Problem.of(
                "idempotency-conflict",
                "Idempotency key reused",
                409,
                "The idempotency key '" + receiptKey
                        + "' was already used for a different request (tool, version or input differ).");
    }

    /** A submission whose work record would not fit one Kafka record: nothing is created. */
    public static Problem inputTooLarge(int recordBytes, int maxBytes) {
        return Problem.of(
                "payload-too-large",
                "Payload too large",
                413,
                "The input is too large to dispatch: with it the work record would be " + recordBytes
                        + " bytes, at most " + maxBytes + " fit.");
    }

    /** An answer to a request for input whose record to the worker would not fit one Kafka record: nothing changes. */
    public static Problem responseTooLarge(int recordBytes, int maxBytes) {
        return Problem.of(
                "payload-too-large",
                "Payload too large",
                413,
                "The response is too large to deliver: with it the record would be " + recordBytes + " bytes, at most "
                        + maxBytes + " fit.");
    }

    /**
     * A submission the admission bounds do not allow now (429 {@code admission-limit}, the detail names the bound),
     * or never: an input larger than the retained-payload bound on its own (413 {@code payload-too-large}).
     */
    public static Problem admissionLimit(AdmissionRefusal refusal) {
        return refusal.isTransient()
                ? Problem.of("admission-limit", "Admission limit reached", 429, refusal.detail())
                : Problem.of("payload-too-large", "Payload too large", 413, refusal.detail());
    }
}
