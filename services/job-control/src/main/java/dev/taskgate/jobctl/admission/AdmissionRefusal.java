package dev.taskgate.jobctl.admission;

import java.util.Objects;

/**
 * Why a submission is not admitted now.
 *
 * @param bound             the bound that is reached
 * @param detail            the sentence returned to the caller, naming the bound
 * @param retryAfterSeconds when a retry may be admitted, in whole seconds (at least 1); {@code null} when a retry
 *                          can never be admitted (the input alone exceeds the retained-payload bound)
 */
public record AdmissionRefusal(AdmissionBound bound, String detail, Long retryAfterSeconds) {

    public AdmissionRefusal {
        Objects.requireNonNull(bound, "bound");
        Objects.requireNonNull(detail, "detail");
    }

    /** Whether a later retry can succeed. */
    public boolean isTransient() {
        return retryAfterSeconds != null;
    }
}
