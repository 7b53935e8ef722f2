package dev.taskgate.frontend.execution.rest;

import java.util.List;
import java.util.function.Function;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;

/**
 * The REST owner list: one page of the caller's executions, each in the same view as a single get.
 *
 * @param items      the executions of this page, newest first
 * @param nextCursor the {@code cursor} of the next page; absent on the last page
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "ToolExecutionPage")
public record OwnerListRepresentation(
        @JsonProperty("items") List<ExecutionRepresentation> items,
        @JsonProperty("next_cursor") String nextCursor) {

    /** The view of a page, each execution under the handle {@code handle} mints for it. */
    public static OwnerListRepresentation of(
            ExecutionPage page, Function<ExecutionSnapshot, String> handle, long pollIntervalMs) {
        return new OwnerListRepresentation(
                page.items().stream()
                        .map(s -> ExecutionRepresentation.of(handle.apply(s), s, pollIntervalMs))
                        .toList(),
                page.nextCursor());
    }
}
