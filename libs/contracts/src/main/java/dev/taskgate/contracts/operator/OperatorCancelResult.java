package dev.taskgate.contracts.operator;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The answer to an operator's cancel.
 *
 * @param outcome   what happened
 * @param execution the execution's safe status afterwards
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorCancelResult(
        @JsonProperty("outcome") CancelOutcome outcome,
        @JsonProperty("execution") OperatorExecution execution) {

    public OperatorCancelResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(execution, "execution");
    }
}
