package dev.taskgate.contracts.operator;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One page of a project's executions, newest first.
 *
 * @param items      the executions of this page
 * @param nextCursor opaque cursor of the next page; absent on the last page
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorExecutionPage(
        @JsonProperty("items") List<OperatorExecution> items,
        @JsonProperty("nextCursor") String nextCursor) {

    public OperatorExecutionPage {
        items = items == null ? List.of() : List.copyOf(items);
    }
}
