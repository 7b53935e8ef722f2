package dev.taskgate.frontend.execution.rest;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.event.Progress;

/**
 * The data of a {@code progress} event on the REST event stream: one report of the operation as the worker sent it
 * (best effort: a report may be missing; the next {@code status} event carries what job-control recorded).
 *
 * @param progress the reported value
 * @param total    the total, when the operation knows it
 * @param message  the operation's message, if any
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "ToolExecutionProgressEvent")
public record ProgressEventRepresentation(
        @JsonProperty("progress") double progress,
        @JsonProperty("total") Double total,
        @JsonProperty("message") String message) {

    static ProgressEventRepresentation of(Progress report) {
        return new ProgressEventRepresentation(report.progress(), report.total(), report.message());
    }
}
