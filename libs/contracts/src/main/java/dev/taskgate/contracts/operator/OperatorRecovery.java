package dev.taskgate.contracts.operator;

import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One settlement of an execution whose owner was lost, as an operator sees it.
 *
 * @param lostAttempt the attempt that was running when its owner was given up
 * @param detectedAt  when job-control detected the loss and settled it
 * @param cause       {@code owner-lost} (its worker fell silent) or {@code child-died} (its child process exited)
 * @param outcome     what became of the execution: {@code replaced} (run again as the next attempt),
 *                    {@code reconciled} (a run that reconstructs a bound rewrite's outcome, never applying it again),
 *                    {@code failed}, {@code cancelled}, or {@code completed} (with the result the lost attempt staged)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorRecovery(
        @JsonProperty("lostAttempt") int lostAttempt,
        @JsonProperty("detectedAt") Instant detectedAt,
        @JsonProperty("cause") String cause,
        @JsonProperty("outcome") String outcome) {

    public OperatorRecovery {
        Objects.requireNonNull(detectedAt, "detectedAt");
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(outcome, "outcome");
    }
}
