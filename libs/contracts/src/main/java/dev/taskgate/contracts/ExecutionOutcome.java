package dev.taskgate.contracts;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * job-control's internal answer to "what came of this execution": its status and, once terminal,
 * the exact result or the error.
 *
 * @param execution the safe status
 * @param result    when completed: the exact JSON text of the {@code CallToolResult}
 * @param error     when failed: why
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ExecutionOutcome(
        @JsonProperty("execution") ExecutionSnapshot execution,
        @JsonProperty("result") String result,
        @JsonProperty("error") ExecutionError error) {

    public ExecutionOutcome {
        Objects.requireNonNull(execution, "execution");
    }

    /**
     * Why an execution failed.
     *
     * @param code    stable machine-readable reason
     * @param message human-readable explanation, safe to show the caller
     */
    public record ExecutionError(
            @JsonProperty("code") String code,
            @JsonProperty("message") String message) {}
}
