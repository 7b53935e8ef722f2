package dev.taskgate.contracts.session;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionSnapshot;

/**
 * One page of the caller's own executions of one surface, newest first ({@code GET
 * /internal/v1/surfaces/{surface}/executions}), for the 2025-era {@code tasks/list}.
 *
 * @param items      the executions of this page
 * @param nextCursor opaque cursor of the next page; absent on the last page
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record OwnerExecutionPage(
        @JsonProperty("items") List<ExecutionSnapshot> items,
        @JsonProperty("nextCursor") String nextCursor) {

    public OwnerExecutionPage {
        items = items == null ? List.of() : List.copyOf(items);
    }
}
