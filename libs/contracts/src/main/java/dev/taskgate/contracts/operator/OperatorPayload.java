package dev.taskgate.contracts.operator;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionOutcome;

/**
 * An execution's payloads for an operator holding {@code executions:operator:payload}.
 *
 * @param execution     the safe status
 * @param input         the exact JSON text of the submitted input
 * @param result        when completed: the exact JSON text of the {@code CallToolResult}
 * @param error         when failed: why
 * @param statusMessage the latest human-readable status (may quote payload data, hence only here)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorPayload(
        @JsonProperty("execution") OperatorExecution execution,
        @JsonProperty("input") String input,
        @JsonProperty("result") String result,
        @JsonProperty("error") ExecutionOutcome.ExecutionError error,
        @JsonProperty("statusMessage") String statusMessage) {

    public OperatorPayload {
        Objects.requireNonNull(execution, "execution");
    }
}
