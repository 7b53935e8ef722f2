package dev.taskgate.contracts;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One page of the calling principal's own executions in one workspace, newest first (the internal owner list,
 * {@code GET /internal/v1/executions}).
 *
 * @param items      the executions of this page, as safe status
 * @param nextCursor opaque cursor of the next page; absent on the last page
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ExecutionPage(
        @JsonProperty("items") List<ExecutionSnapshot> items,
        @JsonProperty("nextCursor") String nextCursor) {

    public ExecutionPage {
        items = items == null ? List.of() : List.copyOf(items);
    }
}
